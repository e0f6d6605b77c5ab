import { greatest, idle } from "../../db/query";
import type { DbOrTx } from "../../core/db";
import { canHandleEveryTicket } from "../tickets";
import { and, desc, eq, gte, type SQL, sql } from "drizzle-orm";
import { addressOf } from "../../core/channel";
import { describeMedia, isVoiceNote, mediaKey, storedHints } from "../media";
import type { LocalCopy } from "../../lib/blob-store";
import type { Outgoing } from "../../core/channel";
import type { MessagesPageDto } from "../../contract/dto/messages";
import { LIMITS } from "../../contract/limits";
import { audit } from "../audit";
import type { Ctx, Deps } from "../../core/deps";
import type { Outbox, OutboxTicket, SendSpec } from "../../core/ports";
import { AppError, forbidden, notFound } from "../../core/errors";
import { mimeOfName } from "../media";
import { isoNow } from "../../lib/clock";
import { log } from "../../lib/logger";
import { findContact } from "../contacts";
import { publishTicket, publishTicketFrame, publishUnreadReset } from "../tickets";
import { clearUnread, noteMessage, refreshPreview } from "../tickets";
import { findTicketRow, loadTickets } from "../tickets";
import type { TicketRow } from "../tickets";
import type { TicketDto } from "../tickets";
import { canViewTicket, findTicketLoaded, getVisibleTicket, loadTicket } from "../tickets";
import { findMessage, hydrate, pageMessages } from "./queries";
import { ticketWindow } from "./window";
import { isQueued, messages } from "./schema";
import { type MessageDto, payloadOf } from "./serialize";
import { rooms } from "../../contract/rooms";

const SEND_TIMEOUT_MS = 30_000;

/**
 * Publishes a new message with its (already loaded) ticket: ONE frame per socket that follows the
 * ticket (R-IN-9), from which the list, the open chat and the bell all update. When the
 * message moved the ticket (a closed ticket reopened), the ticket's old rooms get a delete instead.
 */
export function publishMessageCreated(
  deps: Deps,
  ticket: TicketDto,
  message: MessageDto,
  before?: Pick<TicketRow, "status" | "queueId" | "userId">,
  opts: { alert?: boolean } = {},
) {
  publishTicketFrame(deps, ticket, { channel: "appMessage", action: "create", message, ticket, contact: ticket.contact }, before, opts);
}

/** A replay looks through this many of the company's newest messages for the connection's (one bounded index range). */
const REPLAY_SCAN = 5_000;
/** At most this many messages are published again (the newest). */
const REPLAY_MAX = 1_000;

/**
 * Several nodes: the frames of messages a node stored travel on the bus after the commit, so a node that dies right
 * after a commit may take them with it. The node that takes over the connection's session publishes the messages
 * of the connection stored or changed since `sinceIso` again, each as it is now with its ticket as it is now: agents
 * see them live, the browser keeps one copy of each message and ticket in its place, and no alert (sound, Web Push)
 * rings twice. Answers how many.
 */
export async function replayRecentMessages(deps: Deps, conn: { id: number; companyId: number }, sinceIso: string): Promise<number> {
  const [edge] = await deps.db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.companyId, conn.companyId))
    .orderBy(desc(messages.id))
    .limit(1)
    .offset(REPLAY_SCAN - 1);
  const rows = (
    await deps.db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, conn.companyId), gte(messages.id, edge?.id ?? 0), eq(messages.whatsappId, conn.id), gte(messages.updatedAt, sinceIso)))
      .orderBy(desc(messages.id))
      .limit(REPLAY_MAX)
  ).reverse();
  if (!rows.length) return 0;
  const tickets = await loadTickets(deps, conn.companyId, [...new Set(rows.map((r) => r.ticketId))]);
  const dtos = await hydrate(deps.db, conn.companyId, rows);
  rows.forEach((row, i) => {
    const ticket = tickets.get(row.ticketId);
    if (ticket) publishMessageCreated(deps, ticket, dtos[i], undefined, { alert: false });
  });
  return rows.length;
}

/** Publishes a changed message (ack, delete, edit, send outcome) to its ticket's room, to those who may see the ticket. */
export async function publishMessageUpdated(deps: Deps, companyId: number, messageId: number) {
  const row = await findMessage(deps.db, companyId, messageId);
  const ticket = row ? await findTicketRow(deps.db, companyId, row.ticketId) : undefined;
  if (!row || !ticket) return;
  deps.hub.publish(
    rooms.ticket(row.ticketId),
    { channel: "appMessage", action: "update", message: (await hydrate(deps.db, companyId, [row]))[0] },
    { ticket: { companyId, status: ticket.status, queueId: ticket.queueId, userId: ticket.userId } },
  );
}

/**
 * Opening or answering a ticket reads it: unread counter 0, inbound messages read, a read receipt
 * for the newest inbound message, and `updateUnread` for the lists (R-MSG-5). Nothing is
 * written when nothing is unread.
 */
export async function markTicketRead(deps: Deps, ticket: OutboxTicket) {
  const newest = await newestUnread(deps.db, ticket.id);
  if (ticket.unreadMessages === 0 && !newest) return;
  const cleared = await deps.db.transaction(async (tx) => {
    const changed = await clearUnread(tx, ticket.id);
    if (newest) {
      await tx
        .update(messages)
        .set({ read: true })
        .where(and(eq(messages.ticketId, ticket.id), eq(messages.read, false)));
    }
    return changed;
  });
  if (newest && ticket.whatsappId) {
    // Several nodes: the read receipt goes from the node running the session.
    const adapter = await deps.sessions.reach(ticket.whatsappId);
    const contact = await findContact(deps.db, ticket.companyId, ticket.contactId);
    if (adapter && contact) {
      adapter.markRead([{ id: newest.wid, to: addressOf(contact), fromMe: false }]).catch((e) => log.warn("markRead failed", { err: String(e) }));
    }
  }
  if (cleared || newest) publishUnreadReset(deps, ticket.companyId, ticket.id);
}

/**
 * The newest unread inbound message of a ticket. SQLite goes through the partial index of unread
 * inbound messages whatever the statistics say (one probe, not a walk of a long ticket); PostgreSQL's
 * planner picks the same partial index from its predicate written as literals (a parameter would not match it).
 */
async function newestUnread(db: DbOrTx, ticketId: number): Promise<{ wid: string } | undefined> {
  if (db.engine === "pg") {
    return (
      await db
        .select({ wid: messages.wid })
        .from(messages)
        .where(and(eq(messages.ticketId, ticketId), sql`read = 0 and from_me = 0`))
        .orderBy(desc(messages.id))
        .limit(1)
    )[0];
  }
  await idle(db);
  return (
    db.sqlite
      .query<{ wid: string }, [number]>(
        "select wid from messages indexed by messages_unread_idx where ticket_id = ? and read = 0 and from_me = 0 order by id desc limit 1",
      )
      .get(ticketId) ?? undefined
  );
}

/** GET /messages/{ticketId}: a page (20, newest page first, chronological), marks the ticket read. */
export async function listMessages(ctx: Ctx, ticketId: number, page: number): Promise<MessagesPageDto> {
  if (ctx.db.engine === "pg") return listMessagesPg(ctx, ticketId, page);
  const ticket = await getVisibleTicket(ctx, ticketId);
  const size = LIMITS.messagesPageSize;
  const { rows, total } = await pageMessages(ctx.db, ctx.companyId, ticketId, page, size);
  await markTicketRead(ctx, ticket);
  return {
    messages: await hydrate(ctx.db, ctx.companyId, rows),
    ticket: (await loadTicket(ctx, ctx.companyId, ticketId))!,
    window: await ticketWindow(ctx, ticket),
    count: total,
    hasMore: total > page * size,
  };
}

/**
 * The same page on PostgreSQL, where each statement is a round trip. The page (the ticket with its references, the
 * messages, their count, whether one is unread) is kept in `deps.reads` until the data changes, its statements sent
 * side by side when computed; the caller's visibility is checked on the ticket's row at every request, before anything
 * is answered. A ticket with something unread is marked read (a write: the kept page goes), then read again.
 */
async function listMessagesPg(ctx: Ctx, ticketId: number, page: number): Promise<MessagesPageDto> {
  const size = LIMITS.messagesPageSize;
  const kept = await ctx.reads.get(`messages-page\u0000${ctx.companyId}\u0000${ticketId}\u0000${page}`, async () => {
    const [loaded, { rows, total }, newest] = await Promise.all([
      findTicketLoaded(ctx, ctx.companyId, ticketId),
      pageMessages(ctx.db, ctx.companyId, ticketId, page, size),
      newestUnread(ctx.db, ticketId),
    ]);
    return loaded ? { loaded, total, unread: !!newest, messages: await hydrate(ctx.db, ctx.companyId, rows) } : null;
  });
  if (!kept) throw notFound("ERR_NO_TICKET_FOUND");
  const { loaded, total, unread, messages: hydrated } = kept;
  if (!canViewTicket(ctx.user, loaded.row)) throw forbidden();
  let ticket = loaded.dto;
  if (loaded.row.unreadMessages !== 0 || unread) {
    await markTicketRead(ctx, loaded.row);
    ticket = (await loadTicket(ctx, ctx.companyId, ticketId))!;
  }
  // The window depends on the clock: worked out at every request (Cloud API tickets only).
  const window = loaded.channel === "cloudapi" ? await ticketWindow(ctx, loaded.row) : null;
  return { messages: hydrated, ticket, window, count: total, hasMore: total > page * size };
}

/** The outbox of these deps (`deps.outbox`): how every other module and the inbound path send. */
export function createOutbox(deps: Deps): Outbox {
  return { send: (ticket, spec) => sendMessage(deps, ticket, spec), markRead: (ticket) => markTicketRead(deps, ticket) };
}

/** A message id in WhatsApp's style, reserved before the send so a retry never duplicates it. */
export const newWid = () => `3EB0${crypto.randomUUID().replaceAll("-", "").slice(0, 18).toUpperCase()}`;

function mediaTypeOf(mime: string) {
  const major = mime.split("/")[0];
  return major === "image" || major === "audio" || major === "video" ? major : "application";
}

/**
 * The durable outbox: the message is a row first (its WhatsApp id reserved, sendStatus "queued"),
 * announced at once, then handed to the connection outside any transaction. While the connection
 * is down the row waits and goes out when it reconnects (`flushOutbox`); a row still waiting after
 * LIMITS.outboxTimeoutMs fails visibly (outbox.retry job) and the agent may retry it.
 */
export async function sendMessage(deps: Deps, ticket: OutboxTicket, spec: SendSpec): Promise<MessageDto> {
  const now = isoNow(deps.clock);
  const wid = newWid();
  const db = deps.db;
  const row = await db.transaction(async (tx) => {
    const m = (
      await tx
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
          mediaType: spec.reaction ? "reactionMessage" : spec.media ? mediaTypeOf(spec.media.mime) : "chat",
          mediaUrl: spec.media?.mediaPath ?? null,
          mediaName: spec.media?.fileName ?? null,
          quotedMsgId: spec.quotedMsgId ?? null,
          payload: spec.template ? JSON.stringify({ template: spec.template }) : spec.menu ? JSON.stringify({ menu: spec.menu }) : null,
          isAutomatic: !!spec.isAutomatic,
          queueId: ticket.queueId,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
    )[0];
    // A reaction does not become the card's last message (as on the phone).
    if (!spec.reaction)
      await noteMessage(tx, ticket.id, { preview: spec.body || spec.media?.fileName || "", fromMe: true, inbound: false, automatic: spec.isAutomatic }, now);
    await spec.onStored?.(tx, m);
    return m;
  });
  const loaded = await loadTicket(deps, ticket.companyId, ticket.id);
  if (loaded) publishMessageCreated(deps, loaded, (await hydrate(deps.db, ticket.companyId, [row]))[0]);
  await deliver(deps, ticket, row.id);
  return (await hydrate(deps.db, ticket.companyId, [(await findMessage(deps.db, ticket.companyId, row.id))!]))[0];
}

/** The claim of a message being handed to a channel right now: a flush and a retry never send one twice. */
const sending = (messageId: number) => `message:${messageId}`;

/**
 * Sends a stored, queued message through its connection's channel and records the outcome. A
 * connection that is not connected leaves it queued (it goes out on reconnect); a send that fails
 * while connected marks it failed.
 */
export async function deliver(deps: Deps, ticket: Pick<TicketRow, "companyId" | "whatsappId" | "contactId">, messageId: number) {
  if (deps.claims.held(sending(messageId))) return;
  const m = await findMessage(deps.db, ticket.companyId, messageId);
  if (m?.sendStatus !== "queued") return;
  const adapter = ticket.whatsappId ? deps.channels.get(ticket.whatsappId) : undefined;
  // Several nodes: the session may run on another node, which sends it (one box: nothing to do, it waits here).
  if (!adapter && ticket.whatsappId) deps.sessions.flushElsewhere(ticket.whatsappId);
  if (!adapter || (adapter.status !== undefined && adapter.status !== "CONNECTED")) return;
  const setState = async (values: { [K in keyof typeof m]?: (typeof m)[K] | SQL }) => {
    await deps.db
      .update(messages)
      .set({ ...values, updatedAt: isoNow(deps.clock) })
      .where(eq(messages.id, messageId));
    await publishMessageUpdated(deps, ticket.companyId, messageId);
  };
  const contact = await findContact(deps.db, ticket.companyId, ticket.contactId);
  if (!contact) return setState({ sendStatus: "failed", sendError: "ERR_NO_CONTACT_FOUND" });
  const quoted = m.quotedMsgId ? await findMessage(deps.db, ticket.companyId, m.quotedMsgId) : undefined;
  const base = {
    to: addressOf(contact),
    id: m.wid,
    quoted: quoted ? { id: quoted.wid, fromMe: quoted.fromMe, body: quoted.body, raw: quoted.dataJson ? JSON.parse(quoted.dataJson) : undefined } : null,
  };
  // claimed before the media probe (an await): a flush and a retry never send one twice
  deps.claims.claim(sending(messageId));
  // The file on this machine for the probe and the channel (the store's local copy), released after the send.
  let copy: LocalCopy | null = null;
  const payload = payloadOf(m.payload);
  let out: Outgoing = { ...base, type: "text", body: m.body, ...(payload?.menu ? { menu: payload.menu } : {}) };
  const reaction = m.mediaType === "reactionMessage" && base.quoted;
  if (reaction) {
    out = { ...base, quoted: null, type: "reaction", emoji: m.body, target: { id: reaction.id, fromMe: reaction.fromMe, raw: reaction.raw } };
  } else if (payload?.template) {
    out = { ...base, type: "template", body: m.body, template: payload.template };
  }
  try {
    if (m.mediaUrl && !reaction && !payload?.template) {
      const key = mediaKey(ticket.companyId, m.mediaUrl);
      copy = key ? await deps.blobs.localFile(key) : null;
      if (!copy) throw new Error("stored file missing");
      const mimetype = mimeOf(m.mediaType, m.mediaName);
      // only Ogg/Opus goes out as a voice note; thumbnails, durations and waveforms are probed here, outside any transaction
      const ptt = m.mediaType === "audio" && isVoiceNote(m.mediaName) && mimetype.startsWith("audio/ogg");
      const hints = await storedHints(deps.blobs, m.mediaUrl);
      const info = await describeMedia(copy.path, mimetype, { ptt, hints }).catch(() => undefined);
      out = {
        ...base,
        type: "media",
        path: copy.path,
        mediaPath: m.mediaUrl,
        mimetype,
        fileName: m.mediaName ?? "file",
        caption: m.body || undefined,
        ptt,
        info,
      };
    }
    const res = await withTimeout(adapter.send(out), SEND_TIMEOUT_MS);
    // A channel that names messages itself (Cloud API) answers its id: statuses will carry it. A
    // status that came first may already have moved the ack (and the id): it never goes back.
    // A `failed` status of this very send that came before its answer keeps the message failed.
    await setState({
      sendStatus: sql`case when ${messages.sendStatus} = 'failed' then 'failed' else 'sent' end`,
      ack: greatest(deps.db, messages.ack, Math.max(res.ack, 1)),
      sendError: sql`case when ${messages.sendStatus} = 'failed' then ${messages.sendError} else null end`,
      ...(res.id && res.id !== m.wid ? { wid: res.id } : {}),
      dataJson: res.raw ? JSON.stringify(res.raw) : m.dataJson,
    });
  } catch (e) {
    log.warn("send failed", { messageId, err: String(e) });
    // The connection dropped during the send: it stays queued and goes out on reconnect.
    if (adapter.status !== undefined && adapter.status !== "CONNECTED") return;
    // A channel's own reason (an ERR_ code: the 24-hour window closed, a rate limit…) is the message's.
    const code = (e as { code?: unknown }).code;
    await setState({ sendStatus: "failed", sendError: typeof code === "string" && code.startsWith("ERR_") ? code : "ERR_SENDING_WAPP_MSG", ack: 0 });
  } finally {
    deps.claims.release(sending(messageId));
    await copy?.release();
  }
}

/** A connection (re)connected: its queued messages go out in the order they were written. */
export async function flushOutbox(deps: Deps, connectionId: number) {
  const rows = await deps.db
    .select({ id: messages.id, companyId: messages.companyId, contactId: sql<number>`(select contact_id from tickets where id = ${messages.ticketId})` })
    .from(messages)
    .where(and(eq(messages.whatsappId, connectionId), isQueued))
    .orderBy(messages.id)
    .limit(500);
  for (const r of rows) await deliver(deps, { companyId: r.companyId, whatsappId: connectionId, contactId: r.contactId }, r.id);
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

/** The card preview after a message disappeared: the newest message still shown, else empty. */
async function previewAfterDelete(db: DbOrTx, ticketId: number) {
  const last = (
    await db
      .select({ body: messages.body, mediaName: messages.mediaName })
      .from(messages)
      .where(and(eq(messages.ticketId, ticketId), eq(messages.isDeleted, false)))
      .orderBy(desc(messages.id))
      .limit(1)
  )[0];
  return last ? last.body || last.mediaName || "" : "";
}

/** DELETE /messages/{id}: own (fromMe) messages only; asks the channel to revoke, then marks it. */
export async function deleteMessage(ctx: Ctx, id: number) {
  const m = await findMessage(ctx.db, ctx.companyId, id);
  if (!m) throw notFound("ERR_NO_MESSAGE_FOUND");
  const ticket = await getVisibleTicket(ctx, m.ticketId);
  if (!m.fromMe) throw forbidden();
  if (m.isDeleted) return (await hydrate(ctx.db, ctx.companyId, [m]))[0];
  if (m.sendStatus === "sent" || m.sendStatus === null) {
    const adapter = ticket.whatsappId ? await ctx.sessions.reach(ticket.whatsappId) : undefined;
    if (!adapter) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400);
    const contact = (await findContact(ctx.db, ctx.companyId, ticket.contactId))!;
    try {
      await adapter.deleteForEveryone({ id: m.wid, to: addressOf(contact), fromMe: true });
    } catch {
      throw new AppError("ERR_DELETE_WAPP_MSG", 400);
    }
  }
  await markDeleted(ctx, ticket, id);
  await audit(ctx, "message.deleted", { type: "message", id, label: `ticket ${ticket.id}` });
  return (await hydrate(ctx.db, ctx.companyId, [(await findMessage(ctx.db, ctx.companyId, id))!]))[0];
}

/** Marks a message deleted (by us or by the customer) and keeps the ticket card's preview true. */
export async function markDeleted(deps: Deps, ticket: TicketRow, messageId: number) {
  await deps.db.transaction(async (tx) => {
    await tx
      .update(messages)
      .set({ isDeleted: true, updatedAt: isoNow(deps.clock) })
      .where(eq(messages.id, messageId));
    await refreshPreview(tx, ticket.id, await previewAfterDelete(tx, ticket.id));
  });
  await publishMessageUpdated(deps, ticket.companyId, messageId);
  // Every list showing the card gets the new preview, not only the open chat.
  const dto = await loadTicket(deps, ticket.companyId, ticket.id);
  if (dto) publishTicket(deps, dto);
}

/**
 * POST /messages/retry/{id}: sends a failed message again with the SAME reserved WhatsApp id, so the
 * customer never receives it twice even if the first attempt did reach the phone.
 */
export async function retryMessage(ctx: Ctx, id: number) {
  const m = await findMessage(ctx.db, ctx.companyId, id);
  if (!m) throw notFound("ERR_NO_MESSAGE_FOUND");
  const ticket = await getVisibleTicket(ctx, m.ticketId);
  if (!m.fromMe || m.sendStatus !== "failed") throw new AppError("ERR_BAD_REQUEST", 400);
  if (ticket.userId !== ctx.user.id && !canHandleEveryTicket(ctx.user)) throw forbidden();
  await ctx.db
    .update(messages)
    .set({ sendStatus: "queued", sendError: null, updatedAt: isoNow(ctx.clock) })
    .where(eq(messages.id, id));
  await publishMessageUpdated(ctx, ctx.companyId, id);
  await deliver(ctx, ticket, id);
  return (await hydrate(ctx.db, ctx.companyId, [(await findMessage(ctx.db, ctx.companyId, id))!]))[0];
}
