import type { Deps } from "../../core/deps";
import { findConnection } from "../connections";
import type { CampaignRow } from "./schema";
import { publish, runConnection, startDueCampaigns } from "./dispatcher";
import { campaignById, runningCampaigns } from "./queries";

/** How long one run may keep sending (the job runs every second and never overlaps itself). */
const TICK_BUDGET_MS = 900;

/**
 * `campaigns.dispatch`: start due campaigns, then send what is due until the run's budget is spent. Several nodes run
 * it each (everyNode): starting and every shipment are guarded in their transactions, so a campaign is started once
 * and each contact stored once whichever node gets there.
 */
export async function dispatchCampaigns(deps: Deps) {
  const deadline = Date.now() + TICK_BUDGET_MS;
  await startDueCampaigns(deps);
  const byConnection = new Map<number, number[]>();
  for (const c of await runningCampaigns(deps.db)) {
    if (await runsElsewhere(deps, c)) continue;
    const key = c.whatsappId ?? 0;
    byConnection.set(key, [...(byConnection.get(key) ?? []), c.id]);
  }
  const touched = new Set<number>();
  await Promise.all([...byConnection.values()].map((ids) => runConnection(deps, ids, deadline, touched)));
  for (const id of touched) {
    const c = await campaignById(deps.db, id);
    if (c) await publish(deps, c, true);
  }
}

/**
 * Several nodes: a campaign is sent by the node that runs its connection, so its pacing holds and each message goes
 * out as it is stored (stored on another node, it would wait there for the outbox retry and go out in a burst). A
 * campaign whose connection runs on no node is left to whichever node looks, which pauses it ("connection").
 */
async function runsElsewhere(deps: Deps, c: CampaignRow): Promise<boolean> {
  if (!deps.node || !c.whatsappId || deps.channels.get(c.whatsappId)) return false;
  return (await findConnection(deps.db, c.companyId, c.whatsappId))?.status === "CONNECTED";
}
