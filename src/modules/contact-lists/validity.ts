import { eq } from "drizzle-orm";
import type { ChannelAdapter } from "../../channels/types";
import type { Deps } from "../../http/context";
import { isoNow } from "../../lib/clock";
import { log } from "../../lib/logger";
import { rooms } from "../../realtime/topics";
import { connectedConnections } from "../connections/queries";
import { uncheckedItems } from "./queries";
import { contactListItems } from "./schema";

/** Numbers checked per run of the validity job (the job runs every few seconds: a bounded rate). */
const CHECKS_PER_RUN = 40;
const CACHE_MS = 24 * 60 * 60_000;
const cache = new Map<string, { exists: boolean; number: string; at: number }>();

/** A live connection of the company to ask WhatsApp through (the default one first). */
export function liveAdapter(deps: Deps, companyId: number): ChannelAdapter | undefined {
  return connectedConnections(deps.db, companyId)
    .map((w) => deps.channels.get(w.id))
    .find((a) => a !== undefined && (a.status === undefined || a.status === "CONNECTED"));
}

/**
 * Whether a number is on WhatsApp and its canonical digits (BEHAVIOUR.md §6.10), cached for a day
 * per company; null when the company has no live connection or the check failed (left unchecked).
 */
export async function checkNumberOn(deps: Deps, companyId: number, number: string): Promise<{ exists: boolean; number: string } | null> {
  const key = `${companyId}:${number}`;
  const hit = cache.get(key);
  if (hit && deps.clock.now() - hit.at < CACHE_MS) return hit;
  const adapter = liveAdapter(deps, companyId);
  if (!adapter) return null;
  try {
    const r = await adapter.checkNumber(number);
    const out = { exists: !!r?.exists, number: r?.exists && r.number ? r.number : number, at: deps.clock.now() };
    if (cache.size > 100_000) cache.clear();
    cache.set(key, out);
    return out;
  } catch (e) {
    log.warn("number check failed", { companyId, err: String(e) });
    return null;
  }
}

/**
 * contact-lists.check-numbers: checks a bounded batch of unchecked list items through each company's
 * live connection, and tells the open lists to reload. Items of companies without a live connection
 * stay unchecked (they are still targeted; the send itself tells).
 */
export async function checkListNumbers(deps: Deps) {
  const touched = new Map<string, { companyId: number; listId: number }>();
  const noAdapter = new Set<number>();
  for (const item of uncheckedItems(deps.db, CHECKS_PER_RUN * 5)) {
    if (noAdapter.has(item.companyId)) continue;
    if (touched.size >= CHECKS_PER_RUN) break;
    const r = await checkNumberOn(deps, item.companyId, item.number);
    if (!r) {
      noAdapter.add(item.companyId);
      continue;
    }
    deps.db
      .update(contactListItems)
      .set({ isWhatsappValid: r.exists, checkedAt: isoNow(deps.clock) })
      .where(eq(contactListItems.id, item.id))
      .run();
    touched.set(`${item.companyId}-${item.contactListId}`, { companyId: item.companyId, listId: item.contactListId });
  }
  for (const { companyId, listId } of touched.values()) {
    deps.hub.publish(rooms.campaigns(companyId), { channel: "ContactListItem", action: "reload", contactListId: listId });
  }
}
