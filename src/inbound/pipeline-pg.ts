/**
 * PostgreSQL: a group commit's plain messages in few statements. Each statement is a round trip to the server, and on
 * one box that costs both processes more CPU than the work itself; a batch of 64 messages written one statement after
 * another (contact, ticket, insert, card) was ~5 round trips a message. Here the batch's contacts and their current
 * tickets are read by one statement each, and a run of messages that need nothing else (a known contact, its active
 * ticket, no media, no quote, not a group) is stored by one insert (arrival order, a redelivered one skipped by the
 * unique index) and the stored ones' card updates sent back to back (one round trip). Every other message goes the
 * general way (pipeline.ts: its own savepoint), in its place in the order.
 *
 * A contact's later message in the batch is plain while every one before it was (a plain message changes only its
 * ticket's card); after one that went the general way it goes that way too (it may find the ticket that one created
 * or changed). A message that may merge contacts (a LID) or a group's ends the plain runs of its batch. When a
 * statement fails, the whole transaction is rolled back and each message is stored again by itself (pipeline.ts).
 */
import type { InboundMessage } from "../core/channel";
import type { DB } from "../core/db";
import type { ConnectionRef, StoredMedia } from "../core/inbound";
import { type ContactRow, findContactByNumber, findContactsByNumbers } from "../modules/contacts";
import { insertInboundRun, type MessageRow } from "../modules/messages";
import { findCurrentTicket, findCurrentTickets, noteMessage, type Place, type TicketRow } from "../modules/tickets";

/** A message as the batch holds it. */
export interface Plain {
  conn: ConnectionRef;
  msg: InboundMessage;
  media: StoredMedia | null;
}

/** What a plain message wrote (the same as the general way's). */
export interface PlainWritten {
  ticket: TicketRow;
  row: MessageRow;
  before: Place;
  author: ContactRow;
  chat: ContactRow;
  createdContact: null;
}

/** The contact and current ticket the batch's first message of each (company, connection, number) would find. */
export interface Known {
  contact: ContactRow;
  ticket: TicketRow;
}

const keyOf = (companyId: number, connId: number, number: string) => `${companyId}:${connId}:${number}`;

/** Whether a message could be plain at all (before looking at what is stored). */
const simple = (w: Plain) => !w.msg.isGroup && !!w.msg.chat.number && !w.msg.chat.lid && !w.media && !w.msg.media && !w.msg.quotedId;

/** Reads, per company, the stored contacts of the batch's simple messages and their current ticket on each connection. */
export async function knownOf(tx: DB, batch: Plain[]): Promise<Map<string, Known>> {
  const numbers = new Map<number, Set<string>>();
  for (const w of batch) {
    if (!simple(w)) continue;
    const set = numbers.get(w.conn.companyId) ?? new Set<string>();
    numbers.set(w.conn.companyId, set);
    set.add(w.msg.chat.number as string);
  }
  const out = new Map<string, Known>();
  for (const [companyId, set] of numbers) {
    if (set.size === 1) {
      // One customer: the prepared reads the general way makes (no statement to build).
      const one = [...set][0];
      const contact = await findContactByNumber(tx, companyId, one);
      for (const w of batch) {
        if (!contact || w.conn.companyId !== companyId || w.msg.chat.number !== one) continue;
        const ticket = await findCurrentTicket(tx, companyId, contact.id, w.conn.id);
        if (ticket) out.set(keyOf(companyId, w.conn.id, one), { contact, ticket });
        break;
      }
      continue;
    }
    const found = await findContactsByNumbers(tx, companyId, [...set]);
    const byId = new Map(found.map((c) => [c.id, c]));
    for (const t of await findCurrentTickets(tx, companyId, [...byId.keys()])) {
      const contact = byId.get(t.contactId);
      if (contact && t.whatsappId !== null) out.set(keyOf(companyId, t.whatsappId, contact.number), { contact, ticket: t });
    }
  }
  return out;
}

/** The stored contact and ticket of a message that can be plain, else null (it goes the general way). */
export function plainFor(w: Plain, known: Map<string, Known>): Known | null {
  if (!simple(w)) return null;
  const k = known.get(keyOf(w.conn.companyId, w.conn.id, w.msg.chat.number as string));
  // The general way would patch a contact without a connection, and reopen (or create) the ticket.
  if (!k?.contact.whatsappId || (k.ticket.status === "closed" && !w.msg.fromMe)) return null;
  return k;
}

/** The key that makes a later message of the batch not plain (its contact's first message was in it). */
export const contactKey = (w: Plain) => keyOf(w.conn.companyId, w.conn.id, w.msg.chat.number ?? w.msg.chat.lid ?? w.msg.chat.address);

/** Whether a message going the general way may merge contacts or touch another contact's ticket (then no more plain runs). */
export const mayMerge = (w: Plain) => w.msg.isGroup || !!w.msg.chat.lid || !w.msg.chat.number;

/** What one plain message inserts. */
export interface PlainValues {
  w: Plain;
  known: Known;
  body: string;
  mediaType: string;
  /** The raw payload as JSON (serialised when the message was planned: one that cannot be goes the general way). */
  dataJson: string | null;
  createdAt: string;
  now: string;
}

/**
 * Stores a run of plain messages: one insert (arrival order, duplicates skipped), then the stored ones' card updates
 * sent back to back; answers each message's rows, or null for a duplicate (nothing of it written).
 */
export async function storePlainRun(tx: DB, run: PlainValues[]): Promise<(PlainWritten | null)[]> {
  const rows = await insertInboundRun(
    tx,
    run.map((p) => ({
      companyId: p.w.conn.companyId,
      ticketId: p.known.ticket.id,
      whatsappId: p.w.conn.id,
      wid: p.w.msg.id,
      contactId: p.w.msg.fromMe ? null : p.known.contact.id,
      body: p.body,
      fromMe: p.w.msg.fromMe,
      mediaType: p.mediaType,
      queueId: p.known.ticket.queueId,
      dataJson: p.dataJson,
      createdAt: p.createdAt,
      updatedAt: p.now,
    })),
  );
  // postgres.js sends statements issued without waiting back to back: one round trip for the run's cards.
  const cards = await Promise.all(
    run.map((p, i) => (rows[i] ? noteMessage(tx, p.known.ticket.id, { preview: p.body, fromMe: p.w.msg.fromMe, inbound: !p.w.msg.fromMe }, p.now) : null)),
  );
  return run.map((p, i) => {
    const row = rows[i];
    const ticket = cards[i];
    if (!row || !ticket) return null;
    const { status, queueId, userId } = p.known.ticket;
    return { ticket, row, before: { status, queueId, userId }, author: p.known.contact, chat: p.known.contact, createdContact: null };
  });
}
