/**
 * Who is who on a channel: a LID ↔ phone-number mapping merges a LID-only contact into the number's
 * contact, and its history (tickets, messages, notes) moves with it. The contacts module merges its
 * own rows; this is the part that reaches the modules above it.
 */
import type { Peer } from "../core/channel";
import type { DbOrTx } from "../core/db";
import { type MoveContactHistory, mergeByLid, upsertPeerContact } from "../modules/contacts";
import { moveMessagesToContact } from "../modules/messages";
import { moveNotesToContact } from "../modules/ticket-notes";
import { moveTicketsToContact } from "../modules/tickets";

/** Moves a merged contact's tickets, messages and notes to the surviving contact (inside the merge's transaction). */
export const moveContactHistory: MoveContactHistory = async (tx, companyId, fromId, toId, now) => {
  await moveTicketsToContact(tx, companyId, fromId, toId, now);
  await moveMessagesToContact(tx, companyId, fromId, toId);
  await moveNotesToContact(tx, companyId, fromId, toId);
};

/** The contact of a peer seen on a channel (created when new; a LID and number seen together merge first). */
export const peerContact = (db: DbOrTx, companyId: number, peer: Peer, opts: { isGroup?: boolean; name?: string | null; whatsappId?: number | null } = {}) =>
  upsertPeerContact(db, companyId, peer, { ...opts, moveHistory: moveContactHistory });

/** A LID ↔ number pair learned by the channel: the LID-only contact takes the number or merges. */
export const applyLidMapping = (db: DbOrTx, companyId: number, lid: string, number: string) => mergeByLid(db, companyId, lid, number, moveContactHistory);
