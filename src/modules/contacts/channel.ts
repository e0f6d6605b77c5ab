import { and, eq } from "drizzle-orm";
import type { Peer } from "../../core/channel";
import type { DbOrTx } from "../../core/db";
import { nowIso } from "../../lib/dates";
import { uuid } from "../../lib/ids";
import { findContactByLid, findContactByNumber } from "./queries";
import { type ContactRow, contacts } from "./schema";

/**
 * Moves what belongs to a contact (tickets, messages, notes: other modules' rows) to another, inside
 * the merge's transaction. The inbound path hands it over (`inbound/identity.ts`).
 */
export type MoveContactHistory = (tx: DbOrTx, companyId: number, fromId: number, toId: number, now: string) => Promise<void>;

/**
 * Finds or creates the contact of a channel peer (inside the caller's transaction). People are keyed
 * by phone number when known; the LID is kept as an alias so a contact never splits in two when the
 * channel switches addressing. The stored name is never overwritten by a push name.
 */
export async function upsertPeerContact(
  db: DbOrTx,
  companyId: number,
  peer: Peer,
  opts: { isGroup?: boolean; name?: string | null; whatsappId?: number | null; moveHistory?: MoveContactHistory } = {},
): Promise<{ contact: ContactRow; created: boolean }> {
  const lid = peer.lid ? peer.lid.replace(/@lid$/, "") : null;
  const number = peer.number ?? (opts.isGroup ? peer.address.split("@")[0] : null);
  // A peer that brings its number and its LID settles who is who first (only the channels know LIDs).
  if (number && lid && !opts.isGroup && opts.moveHistory) await mergeByLid(db, companyId, lid, number, opts.moveHistory);
  let existing = number ? await findContactByNumber(db, companyId, number) : undefined;
  if (!existing && lid) existing = await findContactByLid(db, companyId, lid);
  const now = nowIso();
  if (existing) {
    const patch: Partial<ContactRow> = {};
    if (lid && !existing.lid) patch.lid = lid;
    if (number && existing.number !== number && existing.number.startsWith("lid:")) patch.number = number;
    if (!existing.whatsappId && opts.whatsappId) patch.whatsappId = opts.whatsappId;
    if (Object.keys(patch).length) {
      existing = (
        await db
          .update(contacts)
          .set({ ...patch, updatedAt: now })
          .where(and(eq(contacts.companyId, companyId), eq(contacts.id, existing.id)))
          .returning()
      )[0];
    }
    return { contact: existing, created: false };
  }
  const name = (opts.name ?? peer.pushName ?? "").trim() || number || lid || "?";
  const contact = (
    await db
      .insert(contacts)
      .values({
        companyId,
        name: name.slice(0, 50),
        // A person known only by a LID gets a placeholder number until the mapping arrives.
        number: number ?? `lid:${lid}`,
        lid,
        isGroup: !!opts.isGroup,
        whatsappId: opts.whatsappId ?? null,
        uuid: uuid(),
        createdAt: now,
        updatedAt: now,
      })
      .returning()
  )[0];
  return { contact, created: true };
}

/**
 * A LID ↔ phone-number mapping arrived (BAILEYS.md §2, R3): a contact known only by its LID takes the
 * number, or, when the number already has its own contact, is merged into it (tickets, messages and
 * notes move; the LID becomes the alias). Answers the surviving contact id, or null when nothing matched.
 */
export async function mergeByLid(db: DbOrTx, companyId: number, lidRaw: string, number: string, moveHistory: MoveContactHistory): Promise<number | null> {
  const lid = lidRaw.replace(/@lid$/, "");
  const byLid = await findContactByLid(db, companyId, lid);
  const byNumber = await findContactByNumber(db, companyId, number);
  const now = nowIso();
  if (!byLid && !byNumber) return null;
  if (byNumber && !byLid) {
    if (!byNumber.lid) await db.update(contacts).set({ lid, updatedAt: now }).where(eq(contacts.id, byNumber.id));
    return byNumber.id;
  }
  if (byLid && !byNumber) {
    await db.update(contacts).set({ number, updatedAt: now }).where(eq(contacts.id, byLid.id));
    return byLid.id;
  }
  if (byLid && byNumber && byLid.id !== byNumber.id) {
    await db.transaction(async (tx) => {
      // Move the LID contact's history to the phone-number contact, then drop the duplicate.
      await moveHistory(tx, companyId, byLid.id, byNumber.id, now);
      await tx.delete(contacts).where(eq(contacts.id, byLid.id));
      await tx.update(contacts).set({ lid, updatedAt: now }).where(eq(contacts.id, byNumber.id));
    });
  }
  return byNumber?.id ?? null;
}
