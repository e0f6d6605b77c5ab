import type { Deps } from "../../core/deps";
import { publish, runConnection, startDueCampaigns } from "./dispatcher";
import { campaignById, runningCampaigns } from "./queries";

/** How long one run may keep sending (the job runs every second and never overlaps itself). */
const TICK_BUDGET_MS = 900;

/** `campaigns.dispatch`: start due campaigns, then send what is due until the run's budget is spent. */
export async function dispatchCampaigns(deps: Deps) {
  const deadline = Date.now() + TICK_BUDGET_MS;
  await startDueCampaigns(deps);
  const byConnection = new Map<number, number[]>();
  for (const c of await runningCampaigns(deps.db)) {
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
