import { and, eq, sql } from "drizzle-orm";
import { LIMITS } from "../../contract/limits";
import type { Ctx, Deps } from "../../http/context";
import { AppError, forbidden, notFound } from "../../http/errors";
import { nowIso } from "../../lib/dates";
import { log } from "../../lib/logger";
import { rooms } from "../../realtime/topics";
import { publishTicket, publishUnreadReset, ticketRooms } from "../tickets/events";
import type { TicketRow } from "../tickets/schema";
import { tickets } from "../tickets/schema";
import type { TicketDto } from "../tickets/serialize";
import { getVisibleTicket, loadTicket } from "../tickets/service";
import { findMessage, hydrate, pageMessages } from "./queries";
import { messages } from "./schema";
import type { MessageDto } from "./serialize";
import { addressOf } from "../../channels/address";
import { mimeOfName } from "../../http/uploads";
import { findContact } from "../contacts/queries";
import { contacts } from "../contacts/schema";
import type { Outgoing } from "../../channels/types";
import { describeMedia } from "../../channels/media/describe";
import { isVoiceNote } from "../../channels/media/prepare";

const SEND_TIMEOUT_MS = 30_000;

/** Publishes a new message, with its (already loaded) ticket, to the rooms that follow the ticket (BEHAVIOUR.md §2.8). */
export function publishMessageCreated(deps: Deps, ticket: TicketDto, message: MessageDto) {
  deps.hub.publish(ticketRooms(ticket.companyId, ticket.id, ticket), {
    channel: "appMessage",
    action: "create",
    message,
    ticket,
    contact: ticket.contact,
  });
}

/** Publishes a changed message (ack, delete, edit, send failure) to its ticket's room. */
export function publishMessageUpdated(deps: Deps, companyId: number, messageId: number) {
  const row = findMessage(deps.db, companyId, messageId);
  if (!row) return;
  deps.hub.publish(rooms.ticket(row.ticketId), { channel: "appMessage", action: "update", message: hydrate(deps.db, companyId, [row])[0] });
}

/**
 * Opening or answering a ticket reads it: unread counter 0, inbound messages read, a read receipt
 * for the newest inbound message, and `updateUnread` for the lists (BEHAVIOUR.md §4.4).
 */
export function markTicketRead(deps: Deps, ticket: TicketRow) {
  const unread = ticket.unreadMessages > 0;
  const newest = deps.db
    .select({ wid: messages.wid })
    .from(messages)
    .where(and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, false), eq(messages.read, false)))
    .orderBy(sql`${messages.id} desc`)
    .get();
  if (!unread && !newest) return;
  deps.db.transaction((tx) => {
    tx.update(tickets).set({ unreadMessages: 0 }).where(eq(tickets.id, ticket.id)).run();
    tx.update(messages)
      .set({ read: true })
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.read, false)))
      .run();
  });
  if (newest && ticket.whatsappId) {
    const adapter = deps.channels.get(ticket.whatsappId);
    const contact = findContact(deps.db, ticket.companyId, ticket.contactId);
    if (adapter && contact) {
      adapter.markRead([{ id: newest.wid, to: addressOf(contact), fromMe: false }]).catch((e) => log.warn("markRead failed", { err: String(e) }));
    }
  }
  publishUnreadReset(deps, ticket.companyId, ticket.id);
}

/** GET /messages/{ticketId}: a page (20, newest page first, chronological), marks the ticket read. */
export function listMessages(ctx: Ctx, ticketId: number, page: number) {
  const ticket = getVisibleTicket(ctx, ticketId);
  const size = LIMITS.messagesPageSize;
  const { rows, total } = pageMessages(ctx.db, ctx.companyId, ticketId, page, size);
  markTicketRead(ctx, ticket);
  return { messages: hydrate(ctx.db, ctx.companyId, rows), ticket: loadTicket(ctx, ctx.companyId, ticketId), count: total, hasMore: total > page * size };
}

/** A message id in WhatsApp's style, reserved before the send so a retry never duplicates it. */
export const newWid = () => `3EB0${crypto.randomUUID().replaceAll("-", "").slice(0, 18).toUpperCase()}`;

export interface SendSpec {
  body: string;
  userId?: number | null;
  quotedMsgId?: number | null;
  isAutomatic?: boolean;
  media?: { path: string; mediaPath: string; mime: string; fileName: string; ptt?: boolean } | null;
}

function mediaTypeOf(mime: string) {
  const major = mime.split("/")[0];
  return major === "image" || major === "audio" || major === "video" ? major : "application";
}

/**
 * The durable outbox: the message is a row first (its WhatsApp id reserved, sendStatus "queued"),
 * then the channel call with a timeout outside any transaction; the row becomes "sent" (ack 1) or
 * "failed" and the agent sees it live. Answers the stored message.
 */
export async function sendMessage(deps: Deps, ticket: TicketRow, spec: SendSpec): Promise<MessageDto> {
  const now = nowIso();
  const wid = newWid();
  const row = deps.db.transaction((tx) => {
    const m = tx
      .insert(messages)
      .values({
        companyId: ticket.companyId,
        ticketId: ticket.id,
        whatsappId: ticket.whatsappId,
        wid,
        userId: spec.userId ?? null,
        body: spec.body,
        fromMe: true,
        read: true,
        ack: 0,
        sendStatus: "queued",
        mediaType: spec.media ? mediaTypeOf(spec.media.mime) : "chat",
        mediaUrl: spec.media?.mediaPath ?? null,
        mediaName: spec.media?.fileName ?? null,
        quotedMsgId: spec.quotedMsgId ?? null,
        isAutomatic: !!spec.isAutomatic,
        queueId: ticket.queueId,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
    tx.update(tickets)
      // A person's answer reads the ticket; the bot's texts leave the customer's messages unread.
      .set({ lastMessage: spec.body || spec.media?.fileName || "", fromMe: true, ...(spec.isAutomatic ? {} : { unreadMessages: 0 }), updatedAt: now })
      .where(eq(tickets.id, ticket.id))
      .run();
    return m;
  });
  const loaded = loadTicket(deps, ticket.companyId, ticket.id);
  if (loaded) {
    publishMessageCreated(deps, loaded, hydrate(deps.db, ticket.companyId, [row])[0]);
    publishTicket(deps, loaded);
  }
  await deliver(deps, ticket, row.id);
  return hydrate(deps.db, ticket.companyId, [findMessage(deps.db, ticket.companyId, row.id)!])[0];
}

/** Sends a stored, queued message through its connection's channel and records the outcome. */
export async function deliver(deps: Deps, ticket: Pick<TicketRow, "companyId" | "whatsappId" | "contactId">, messageId: number) {
  const m = findMessage(deps.db, ticket.companyId, messageId);
  if (m?.sendStatus !== "queued") return;
  const setState = (values: Partial<typeof m>) => {
    deps.db
      .update(messages)
      .set({ ...values, updatedAt: nowIso() })
      .where(eq(messages.id, messageId))
      .run();
    publishMessageUpdated(deps, ticket.companyId, messageId);
  };
  const adapter = ticket.whatsappId ? deps.channels.get(ticket.whatsappId) : undefined;
  if (!adapter) return setState({ sendStatus: "failed", sendError: "ERR_WAPP_NOT_INITIALIZED", ack: 0 });
  const contact = findContact(deps.db, ticket.companyId, ticket.contactId);
  if (!contact) return setState({ sendStatus: "failed", sendError: "ERR_NO_CONTACT_FOUND" });
  const quoted = m.quotedMsgId ? findMessage(deps.db, ticket.companyId, m.quotedMsgId) : undefined;
  const base = {
    to: addressOf(contact),
    id: m.wid,
    quoted: quoted ? { id: quoted.wid, fromMe: quoted.fromMe, body: quoted.body, raw: quoted.dataJson ? JSON.parse(quoted.dataJson) : undefined } : null,
  };
  let out: Outgoing = { ...base, type: "text", body: m.body };
  if (m.mediaUrl) {
    const path = `${deps.config.mediaDir}/${m.mediaUrl}`;
    const mimetype = mimeOf(m.mediaType, m.mediaName);
    // only Ogg/Opus goes out as a voice note; thumbnails, durations and waveforms are probed here, outside any transaction
    const ptt = m.mediaType === "audio" && isVoiceNote(m.mediaName) && mimetype.startsWith("audio/ogg");
    const info = await describeMedia(path, mimetype, { ptt });
    out = { ...base, type: "media", path, mimetype, fileName: m.mediaName ?? "file", caption: m.body || undefined, ptt, info };
  }
  try {
    const res = await withTimeout(adapter.send(out), SEND_TIMEOUT_MS);
    setState({ sendStatus: "sent", ack: Math.max(res.ack, 1), sendError: null, dataJson: res.raw ? JSON.stringify(res.raw) : m.dataJson });
  } catch (e) {
    log.warn("send failed", { messageId, err: String(e) });
    setState({ sendStatus: "failed", sendError: "ERR_SENDING_WAPP_MSG", ack: 0 });
  }
}

/** The mime type to send a stored file with; Ogg audio is declared as Opus (WhatsApp's voice format). */
function mimeOf(mediaType: string, name: string | null) {
  const mime = mimeOfName(name);
  if (mime === "audio/ogg") return "audio/ogg; codecs=opus";
  return mime !== "application/octet-stream" || mediaType === "application" ? mime : `${mediaType}/*`;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error("send timeout")), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}

/** DELETE /messages/{id}: own (fromMe) messages only; asks the channel to revoke, then marks it. */
export async function deleteMessage(ctx: Ctx, id: number) {
  const m = findMessage(ctx.db, ctx.companyId, id);
  if (!m) throw notFound("ERR_NO_MESSAGE_FOUND");
  const ticket = getVisibleTicket(ctx, m.ticketId);
  if (!m.fromMe) throw forbidden();
  if (m.isDeleted) return hydrate(ctx.db, ctx.companyId, [m])[0];
  if (m.sendStatus === "sent" || m.sendStatus === null) {
    const adapter = ticket.whatsappId ? ctx.channels.get(ticket.whatsappId) : undefined;
    if (!adapter) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400);
    const contact = findContact(ctx.db, ctx.companyId, ticket.contactId)!;
    try {
      await adapter.deleteForEveryone({ id: m.wid, to: addressOf(contact), fromMe: true });
    } catch {
      throw new AppError("ERR_DELETE_WAPP_MSG", 400);
    }
  }
  ctx.db.update(messages).set({ isDeleted: true, updatedAt: nowIso() }).where(eq(messages.id, id)).run();
  publishMessageUpdated(ctx, ctx.companyId, id);
  return hydrate(ctx.db, ctx.companyId, [findMessage(ctx.db, ctx.companyId, id)!])[0];
}

/**
 * POST /messages/retry/{id}: sends a failed message again with the SAME reserved WhatsApp id, so the
 * customer never receives it twice even if the first attempt did reach the phone.
 */
export async function retryMessage(ctx: Ctx, id: number) {
  const m = findMessage(ctx.db, ctx.companyId, id);
  if (!m) throw notFound("ERR_NO_MESSAGE_FOUND");
  const ticket = getVisibleTicket(ctx, m.ticketId);
  if (!m.fromMe || m.sendStatus !== "failed") throw new AppError("ERR_BAD_REQUEST", 400);
  if (ticket.userId !== ctx.user.id && ctx.user.profile !== "admin") throw forbidden();
  ctx.db.update(messages).set({ sendStatus: "queued", sendError: null, updatedAt: nowIso() }).where(eq(messages.id, id)).run();
  await deliver(ctx, ticket, id);
  return hydrate(ctx.db, ctx.companyId, [findMessage(ctx.db, ctx.companyId, id)!])[0];
}
