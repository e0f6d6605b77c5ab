import { type AnyColumn, and, count, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../core/db";
import { contacts } from "../contacts";
import { tickets } from "../tickets";
import { type MessageRow, isQueued, messages } from "./schema";
import { type MessageDto, serializeMessage } from "./serialize";

/** Serialises rows with their quoted messages and group senders in two extra queries (no N+1). */
export async function hydrate(db: DbOrTx, companyId: number, rows: MessageRow[]): Promise<MessageDto[]> {
  const quotedIds = [...new Set(rows.map((r) => r.quotedMsgId).filter((x): x is number => !!x))];
  const quoted = quotedIds.length
    ? await db
        .select()
        .from(messages)
        .where(and(eq(messages.companyId, companyId), inArray(messages.id, quotedIds)))
    : [];
  const qMap = new Map(quoted.map((q) => [q.id, q]));
  const contactIds = [...new Set(rows.filter((r) => !r.fromMe && r.contactId).map((r) => r.contactId as number))];
  const people = contactIds.length ? await db.select({ id: contacts.id, name: contacts.name }).from(contacts).where(inArray(contacts.id, contactIds)) : [];
  const cMap = new Map(people.map((p) => [p.id, p]));
  return rows.map((r) => serializeMessage(r, r.quotedMsgId ? (qMap.get(r.quotedMsgId) ?? null) : null, r.contactId ? (cMap.get(r.contactId) ?? null) : null));
}

/**
 * One page of a ticket's messages, newest page first, answered in chronological order. Both queries
 * go through `messages_ticket_id_idx` whatever the statistics say: without them (a fresh or restored
 * database) SQLite would walk the company's whole `messages_wid_uq` (600 ms against 1 ms). The count
 * reads the ticket's index alone (the caller has checked the ticket's company, which its messages
 * share); the page's company check is a unary `+` term, which no index can serve.
 */
export async function pageMessages(db: DbOrTx, companyId: number, ticketId: number, page: number, size: number) {
  const countQuery = () => db.select({ n: count() }).from(messages).where(eq(messages.ticketId, ticketId)).limit(1);
  const rowsQuery = () =>
    db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticketId), sql`+${messages.companyId} = ${companyId}`))
      .orderBy(desc(messages.id))
      .limit(size)
      .offset((page - 1) * size);
  // PostgreSQL: side by side on two connections of the pool (one wait instead of two); SQLite: one after the other.
  if (db.engine === "pg") {
    const [counted, rows] = await Promise.all([countQuery(), rowsQuery()]);
    return { rows: rows.reverse(), total: counted[0]?.n ?? 0 };
  }
  const total = (await countQuery())[0]?.n ?? 0;
  const rows = (await rowsQuery()).reverse();
  return { rows, total };
}

export const findMessage = async (db: DbOrTx, companyId: number, id: number) =>
  (
    await db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.id, id)))
      .limit(1)
  )[0];

export const findByWid = async (db: DbOrTx, companyId: number, whatsappId: number | null, wid: string) =>
  (
    await db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, companyId), whatsappId === null ? undefined : eq(messages.whatsappId, whatsappId), eq(messages.wid, wid)))
      .limit(1)
  )[0];

/** The last `limit` texts (and captions) of a ticket, oldest first (the AI assistant's context); `exceptId` leaves one message out. */
export async function recentTexts(db: DbOrTx, ticketId: number, limit: number, exceptId = 0): Promise<{ fromMe: boolean; body: string }[]> {
  return (
    await db
      .select({ fromMe: messages.fromMe, body: messages.body })
      .from(messages)
      // texts and captions only: a media message's body is otherwise just its file name
      .where(
        and(
          eq(messages.ticketId, ticketId),
          eq(messages.isDeleted, false),
          ne(messages.id, exceptId),
          sql`${messages.body} <> ''`,
          sql`(${messages.mediaType} = 'chat' or ${messages.body} <> coalesce(${messages.mediaName}, ''))`,
        ),
      )
      .orderBy(desc(messages.id))
      .limit(limit)
  ).reverse();
}
/** Outgoing messages of every company still queued for delivery (metrics: the outbox depth). */
export const countQueuedMessages = async (db: DbOrTx) => (await db.select({ n: count() }).from(messages).where(isQueued).limit(1))[0]?.n ?? 0;

/** Where a chat file is shown: the tickets of the messages that carry it (for the media route's visibility check). */
export async function ticketsOfMediaPath(db: DbOrTx, companyId: number, mediaPath: string): Promise<{ userId: number | null; queueId: number | null }[]> {
  return await db
    .select({ userId: tickets.userId, queueId: tickets.queueId })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .where(and(eq(messages.companyId, companyId), eq(messages.mediaUrl, mediaPath)))
    .limit(50);
}

/** SQL: the message with this id was given up by the outbox (send failed for good). */
export const sendFailed = (messageId: SQL | AnyColumn) =>
  sql<boolean>`exists (select 1 from ${messages} where ${messages.id} = ${messageId} and ${messages.sendStatus} = 'failed')`;

/** Messages of these ids that the outbox gave up on: when and why (the campaign report shows them as failed). */
export async function failedSends(db: DbOrTx, ids: number[]): Promise<Map<number, { at: string; error: string | null }>> {
  const map = new Map<number, { at: string; error: string | null }>();
  if (!ids.length) return map;
  const rows = await db
    .select({ id: messages.id, at: messages.updatedAt, error: messages.sendError })
    .from(messages)
    .where(and(inArray(messages.id, ids), sql`${messages.sendStatus} = 'failed'`));
  for (const r of rows) map.set(r.id, { at: r.at, error: r.error });
  return map;
}
