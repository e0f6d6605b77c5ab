/**
 * PostgreSQL: a group commit's plain messages in few statements. Each statement is a round trip to the server, and on
 * one box that costs both processes more CPU than the work itself; a batch of 64 messages written one statement after
 * another (contact, ticket, insert, card) was ~5 round trips a message. Here the batch's contacts and their current
 * tickets are read by one statement each, and a run of messages that need nothing else (a known contact, its active
 * ticket, no media, no quote, not a group) is stored by ONE statement: the messages inserted in arrival order (a
 * redelivered one skipped by the unique index), each card updated only when its message was stored. Every other
 * message goes the general way (pipeline.ts: its own savepoint), in its place in the order.
 *
 * Only the first message of a contact in the batch can be plain: a later one may find the ticket the first one
 * created or changed. A message that may merge contacts (a LID) or a group's ends the plain runs of its batch. When the
 * statement fails, the whole transaction is rolled back and each message is stored again by itself (pipeline.ts).
 */
import { and, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { Table } from "drizzle-orm";
import type { InboundMessage } from "../core/channel";
import type { DB } from "../core/db";
import type { ConnectionRef, StoredMedia } from "../core/inbound";
import { rawAll } from "../db/query";
import { type ContactRow, contacts } from "../modules/contacts";
import { type MessageRow, messages } from "../modules/messages";
import { type Place, type TicketRow, tickets } from "../modules/tickets";

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
    const found = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, companyId), inArray(contacts.number, [...set])));
    if (!found.length) continue;
    const byId = new Map(found.map((c) => [c.id, c]));
    // Each contact's current ticket per connection: the active one first, else the latest (findCurrentTicket's order).
    const current = await tx
      .select()
      .from(tickets)
      .where(
        sql`${tickets.id} in (select distinct on (contact_id, coalesce(whatsapp_id, 0)) id from tickets where company_id = ${companyId} and ${inArray(tickets.contactId, [...byId.keys()])} order by contact_id, coalesce(whatsapp_id, 0), status in ('open', 'pending') desc, id desc)`,
      );
    for (const t of current) {
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
 * Stores a run of plain messages with one statement: the insert (arrival order, duplicates skipped), the card updates
 * of the messages stored; answers each message's rows, or null for a duplicate (nothing of it written).
 */
export async function storePlainRun(tx: DB, run: PlainValues[]): Promise<(PlainWritten | null)[]> {
  const values = run.map((p, ord) => ({
    ord,
    company_id: p.w.conn.companyId,
    ticket_id: p.known.ticket.id,
    whatsapp_id: p.w.conn.id,
    wid: p.w.msg.id,
    contact_id: p.w.msg.fromMe ? null : p.known.contact.id,
    body: p.body,
    from_me: p.w.msg.fromMe ? 1 : 0,
    media_type: p.mediaType,
    queue_id: p.known.ticket.queueId,
    data_json: p.dataJson,
    created_at: p.createdAt,
    updated_at: p.now,
  }));
  const rows = await rawAll<{ kind: string; row: Record<string, unknown> | string }>(tx, plainStatement(JSON.stringify(values)));
  const stored = new Map<string, MessageRow>();
  const cards = new Map<number, TicketRow>();
  for (const r of rows) {
    const row = typeof r.row === "string" ? JSON.parse(r.row) : r.row;
    if (r.kind === "m") {
      const m = fromJson(messages, row) as MessageRow;
      stored.set(`${m.whatsappId}:${m.wid}`, m);
    } else {
      const t = fromJson(tickets, row) as TicketRow;
      cards.set(t.id, t);
    }
  }
  return run.map((p) => {
    const row = stored.get(`${p.w.conn.id}:${p.w.msg.id}`);
    const ticket = cards.get(p.known.ticket.id);
    if (!row || !ticket) return null;
    const { status, queueId, userId } = p.known.ticket;
    return { ticket, row, before: { status, queueId, userId }, author: p.known.contact, chat: p.known.contact, createdContact: null };
  });
}

/** The one statement of a plain run (`values`: the messages as a JSON array, see storePlainRun). */
function plainStatement(values: string): SQL {
  return sql`with v as (
  select * from json_to_recordset(cast(${values} as json)) as v(ord int, company_id bigint, ticket_id bigint, whatsapp_id bigint, wid text,
    contact_id bigint, body text, from_me smallint, media_type text, queue_id bigint, data_json text, created_at text, updated_at text)
), m as (
  insert into messages (company_id, ticket_id, whatsapp_id, wid, contact_id, body, from_me, read, ack, media_type, queue_id, data_json, created_at, updated_at)
  select company_id, ticket_id, whatsapp_id, wid, contact_id, body, from_me, from_me, from_me, media_type, queue_id, data_json, created_at, updated_at
  from v order by ord
  on conflict do nothing
  returning *
), t as (
  update tickets set last_message = v.body, from_me = v.from_me,
    unread_messages = case when v.from_me = 1 then 0 else tickets.unread_messages + 1 end, updated_at = v.updated_at
  from v
  where tickets.id = v.ticket_id and exists (select 1 from m where m.whatsapp_id = v.whatsapp_id and m.wid = v.wid)
  returning tickets.*
)
select 'm' as kind, row_to_json(m) as row from m
union all
select 't' as kind, row_to_json(t) as row from t`;
}

/** A row of `table` from its JSON (row_to_json: column names, driver values) in the shape drizzle reads it. */
function fromJson(table: Table, json: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, col] of Object.entries(getTableColumns(table))) {
    const v = json[col.name];
    out[key] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
  }
  return out;
}
