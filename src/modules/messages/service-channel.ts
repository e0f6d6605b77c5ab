import { and, eq, inArray, lt, ne, sql } from "drizzle-orm";
import type { AckEvent } from "../../core/channel";
import type { DB, DbOrTx } from "../../core/db";
import { prepared } from "../../db/prepared";
import type { Deps } from "../../core/deps";
import { nowIso } from "../../lib/dates";
import { findByWid } from "./queries";
import { type MessageRow, messages } from "./schema";
import { findTicketRow } from "../tickets";
import { markDeleted, publishMessageUpdated } from "./service";

/**
 * Channel events about messages already stored (R-MSG-6, R-MSG-7): acks only move forward,
 * edits and revokes mark the message; each change is published as `appMessage update`.
 * Answers how many messages changed.
 */
export async function applyAcks(deps: Deps, companyId: number, whatsappId: number, acks: AckEvent[]): Promise<number> {
  let changed = 0;
  for (const a of acks) {
    const row = a.error ? await applyFailure(deps.db, companyId, whatsappId, a) : await applyAck(deps.db, companyId, whatsappId, a);
    if (!row) continue;
    changed++;
    await publishMessageUpdated(deps, companyId, row.id);
  }
  return changed;
}

const ofConnection = (companyId: number, whatsappId: number) => and(eq(messages.companyId, companyId), eq(messages.whatsappId, whatsappId));

/**
 * An ack moves forward only (statuses may arrive out of order). A message still under our reserved
 * id (its send's answer not in yet) is found by the alias and takes the channel's id.
 */
async function applyAck(db: DB, companyId: number, whatsappId: number, a: AckEvent) {
  const byId = (
    await db
      .update(messages)
      .set({ ack: a.ack, updatedAt: nowIso() })
      .where(and(ofConnection(companyId, whatsappId), eq(messages.wid, a.id), lt(messages.ack, a.ack)))
      .returning({ id: messages.id })
  )[0];
  if (byId || !a.alias) return byId;
  return (
    await db
      .update(messages)
      .set({ ack: a.ack, wid: a.id, updatedAt: nowIso() })
      .where(and(ofConnection(companyId, whatsappId), eq(messages.wid, a.alias), eq(messages.fromMe, true), lt(messages.ack, a.ack)))
      .returning({ id: messages.id })
  )[0];
}

/** The message failed on the way (WhatsApp said so): failed with the reason, unless it was delivered already. */
async function applyFailure(db: DB, companyId: number, whatsappId: number, a: AckEvent) {
  const ids = a.alias ? [a.id, a.alias] : [a.id];
  return (
    await db
      .update(messages)
      .set({ sendStatus: "failed", sendError: a.error, wid: a.id, updatedAt: nowIso() })
      .where(
        and(ofConnection(companyId, whatsappId), inArray(messages.wid, ids), eq(messages.fromMe, true), ne(messages.sendStatus, "failed"), lt(messages.ack, 3)),
      )
      .returning({ id: messages.id })
  )[0];
}

/** The customer edited a message: new body, isEdited. */
export async function applyEdit(deps: Deps, companyId: number, whatsappId: number, wid: string, body: string): Promise<boolean> {
  const m = await findByWid(deps.db, companyId, whatsappId, wid);
  if (!m) return false;
  await deps.db.update(messages).set({ body, isEdited: true, updatedAt: nowIso() }).where(eq(messages.id, m.id));
  await publishMessageUpdated(deps, companyId, m.id);
  return true;
}

/** The sender deleted a message for everyone: it stays, marked isDeleted, and leaves the card's preview. */
export async function applyRevoke(deps: Deps, companyId: number, whatsappId: number, wid: string): Promise<boolean> {
  const m = await findByWid(deps.db, companyId, whatsappId, wid);
  if (!m || m.isDeleted) return false;
  const ticket = await findTicketRow(deps.db, companyId, m.ticketId);
  if (!ticket) return false;
  await markDeleted(deps, ticket, m.id);
  return true;
}

/** What an inbound message row is made of (the inbound path fills it). */
export type InboundValues = Omit<typeof messages.$inferInsert, "id" | "fromMe" | "read" | "ack"> & { fromMe: boolean };

/**
 * Inside the inbound transaction: stores a channel message exactly once (unique per connection and
 * channel id). Answers the new row, or undefined when that message was already stored.
 */
export function insertInbound(db: DB, values: InboundValues): Promise<MessageRow | undefined> {
  const q = prepared(db, "messages.insertInbound", (d) =>
    d
      .insert(messages)
      .values({
        companyId: sql.placeholder("companyId"),
        ticketId: sql.placeholder("ticketId"),
        whatsappId: sql.placeholder("whatsappId"),
        wid: sql.placeholder("wid"),
        contactId: sql.placeholder("contactId"),
        body: sql.placeholder("body"),
        fromMe: sql.placeholder("fromMe"),
        read: sql.placeholder("fromMe"),
        ack: sql.placeholder("ack"),
        mediaType: sql.placeholder("mediaType"),
        mediaUrl: sql.placeholder("mediaUrl"),
        mediaName: sql.placeholder("mediaName"),
        quotedMsgId: sql.placeholder("quotedMsgId"),
        queueId: sql.placeholder("queueId"),
        dataJson: sql.placeholder("dataJson"),
        createdAt: sql.placeholder("createdAt"),
        updatedAt: sql.placeholder("updatedAt"),
      })
      .onConflictDoNothing()
      .returning()
      .prepare(),
  );
  return q.get({
    companyId: values.companyId,
    ticketId: values.ticketId,
    whatsappId: values.whatsappId ?? null,
    wid: values.wid,
    contactId: values.contactId ?? null,
    body: values.body ?? "",
    fromMe: values.fromMe ? 1 : 0,
    ack: values.fromMe ? 1 : 0,
    mediaType: values.mediaType ?? "chat",
    mediaUrl: values.mediaUrl ?? null,
    mediaName: values.mediaName ?? null,
    quotedMsgId: values.quotedMsgId ?? null,
    queueId: values.queueId ?? null,
    dataJson: values.dataJson ?? null,
    createdAt: values.createdAt,
    updatedAt: values.updatedAt,
  });
}

/**
 * Inside the inbound transaction: stores several channel messages by one statement, in the order given (their ids
 * follow it), each exactly once. Answers each one's new row, or undefined for one that was already stored.
 */
export async function insertInboundRun(db: DB, values: InboundValues[]): Promise<(MessageRow | undefined)[]> {
  // One message: the prepared insert (building a statement costs more than running a prepared one).
  if (values.length === 1) return [await insertInbound(db, values[0])];
  const rows = await db
    .insert(messages)
    .values(values.map((v) => ({ ...v, read: v.fromMe, ack: v.fromMe ? 1 : 0 })))
    .onConflictDoNothing()
    .returning();
  const stored = new Map(rows.map((r) => [`${r.whatsappId}:${r.wid}`, r]));
  return values.map((v) => stored.get(`${v.whatsappId ?? null}:${v.wid}`));
}

/** Two contacts turned out to be one person: the duplicate's messages move to the survivor. */
export async function moveMessagesToContact(tx: DbOrTx, companyId: number, fromContactId: number, toContactId: number) {
  await tx
    .update(messages)
    .set({ contactId: toContactId })
    .where(and(eq(messages.companyId, companyId), eq(messages.contactId, fromContactId)));
}
