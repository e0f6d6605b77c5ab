import { and, eq, lt } from "drizzle-orm";
import type { AckEvent } from "../../channels/types";
import type { Deps } from "../../http/context";
import { nowIso } from "../../lib/dates";
import { findByWid } from "./queries";
import { messages } from "./schema";
import { publishMessageUpdated } from "./service";

/**
 * Channel events about messages already stored (BEHAVIOUR.md §2.10): acks only move forward,
 * edits and revokes mark the message; each change is published as `appMessage update`.
 * Answers how many messages changed.
 */
export function applyAcks(deps: Deps, companyId: number, whatsappId: number, acks: AckEvent[]): number {
  let changed = 0;
  for (const a of acks) {
    const row = deps.db
      .update(messages)
      .set({ ack: a.ack, updatedAt: nowIso() })
      .where(and(eq(messages.companyId, companyId), eq(messages.whatsappId, whatsappId), eq(messages.wid, a.id), lt(messages.ack, a.ack)))
      .returning({ id: messages.id })
      .get();
    if (!row) continue;
    changed++;
    publishMessageUpdated(deps, companyId, row.id);
  }
  return changed;
}

/** The customer edited a message: new body, isEdited. */
export function applyEdit(deps: Deps, companyId: number, whatsappId: number, wid: string, body: string): boolean {
  const m = findByWid(deps.db, companyId, whatsappId, wid);
  if (!m) return false;
  deps.db.update(messages).set({ body, isEdited: true, updatedAt: nowIso() }).where(eq(messages.id, m.id)).run();
  publishMessageUpdated(deps, companyId, m.id);
  return true;
}

/** The sender deleted a message for everyone: it stays, marked isDeleted. */
export function applyRevoke(deps: Deps, companyId: number, whatsappId: number, wid: string): boolean {
  const m = findByWid(deps.db, companyId, whatsappId, wid);
  if (!m || m.isDeleted) return false;
  deps.db.update(messages).set({ isDeleted: true, updatedAt: nowIso() }).where(eq(messages.id, m.id)).run();
  publishMessageUpdated(deps, companyId, m.id);
  return true;
}
