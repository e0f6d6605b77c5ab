import { eq } from "drizzle-orm";
import type { ChannelAdapter } from "../../channels/types";
import type { Deps } from "../../http/context";
import { isoNow } from "../../lib/clock";
import { log } from "../../lib/logger";
import { rooms } from "../../realtime/topics";
import { connectedConnections } from "../connections/queries";
import { companiesWithUnchecked, uncheckedItems } from "./queries";
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
 * Whether a number is on WhatsApp and its canonical digits (R-CMP-16), cached for a day
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
 * contact-lists.check-numbers: for each company with a live connection, checks a bounded batch of
 * its unchecked list items (the job runs every few seconds: a bounded rate per company), and tells
 * the open lists to reload. Items of companies without a live connection stay unchecked (they are
 * still targeted; the send itself tells).
 */
export async function checkListNumbers(deps: Deps) {
  for (const companyId of companiesWithUnchecked(deps.db)) {
    if (!liveAdapter(deps, companyId)) continue;
    const lists = new Set<number>();
    for (const item of uncheckedItems(deps.db, companyId, CHECKS_PER_RUN)) {
      const r = await checkNumberOn(deps, companyId, item.number);
      if (!r) break;
      deps.db
        .update(contactListItems)
        .set({ isWhatsappValid: r.exists, checkedAt: isoNow(deps.clock) })
        .where(eq(contactListItems.id, item.id))
        .run();
      lists.add(item.contactListId);
    }
    for (const listId of lists) deps.hub.publish(rooms.campaigns(companyId), { channel: "ContactListItem", action: "reload", contactListId: listId });
  }
}
