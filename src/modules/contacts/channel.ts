import { and, eq } from "drizzle-orm";
import type { Peer } from "../../channels/types";
import type { DB } from "../../db/client";
import { nowIso } from "../../lib/dates";
import { uuid } from "../../lib/ids";
import { findContactByLid, findContactByNumber } from "./queries";
import { type ContactRow, contacts } from "./schema";

/**
 * Finds or creates the contact of a channel peer (inside the caller's transaction). People are keyed
 * by phone number when known; the LID is kept as an alias so a contact never splits in two when the
 * channel switches addressing. The stored name is never overwritten by a push name.
 */
export function upsertPeerContact(
  db: DB,
  companyId: number,
  peer: Peer,
  opts: { isGroup?: boolean; name?: string | null; whatsappId?: number | null } = {},
): { contact: ContactRow; created: boolean } {
  const lid = peer.lid ? peer.lid.replace(/@lid$/, "") : null;
  const number = peer.number ?? (opts.isGroup ? peer.address.split("@")[0] : null);
  let existing = number ? findContactByNumber(db, companyId, number) : undefined;
  if (!existing && lid) existing = findContactByLid(db, companyId, lid);
  const now = nowIso();
  if (existing) {
    const patch: Partial<ContactRow> = {};
    if (lid && !existing.lid) patch.lid = lid;
    if (number && existing.number !== number && existing.number.startsWith("lid:")) patch.number = number;
    if (!existing.whatsappId && opts.whatsappId) patch.whatsappId = opts.whatsappId;
    if (Object.keys(patch).length) {
      existing = db
        .update(contacts)
        .set({ ...patch, updatedAt: now })
        .where(and(eq(contacts.companyId, companyId), eq(contacts.id, existing.id)))
        .returning()
        .get();
    }
    return { contact: existing, created: false };
  }
  const name = (opts.name ?? peer.pushName ?? "").trim() || number || lid || "?";
  const contact = db
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
    .get();
  return { contact, created: true };
}
