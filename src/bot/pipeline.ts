import { and, eq, inArray, sql } from "drizzle-orm";
import type { InboundMessage } from "../channels/types";
import type { Deps } from "../http/context";
import { extOfMime, storeUpload } from "../http/uploads";
import { nowIso } from "../lib/dates";
import { uuid } from "../lib/ids";
import { log } from "../lib/logger";
import { rooms } from "../realtime/topics";
import { upsertPeerContact } from "../modules/contacts/channel";
import { serializeContact } from "../modules/contacts/service";
import { findByWid, hydrate } from "../modules/messages/queries";
import { messages } from "../modules/messages/schema";
import { publishMessageCreated } from "../modules/messages/service";
import { getSetting } from "../modules/settings/service";
import { publishTicket } from "../modules/tickets/events";
import { type TicketRow, tickets, ticketTracking } from "../modules/tickets/schema";
import { loadTicket } from "../modules/tickets/service";

export interface ConnectionRef {
  id: number;
  companyId: number;
}

export interface IngestResult {
  ticket: TicketRow;
  messageId: number;
  duplicate: boolean;
  reopened: boolean;
  createdTicket: boolean;
}

function mediaTypeOf(msg: InboundMessage): string {
  if (msg.kind === "location") return "locationMessage";
  if (msg.kind === "vcard") return "contactMessage";
  if (msg.kind === "call_log") return "call_log";
  if (msg.kind === "reaction") return "reactionMessage";
  if (!msg.media) return "chat";
  const major = msg.media.mimetype.split("/")[0];
  return major === "image" || major === "audio" || major === "video" ? major : "application";
}

/** Downloads and stores inbound media before the transaction (never network I/O inside one). */
async function saveMedia(deps: Deps, companyId: number, msg: InboundMessage) {
  if (!msg.media) return null;
  const mime = msg.media.mimetype.split(";")[0].trim();
  const bytes = await msg.media.download();
  const ext = extOfMime(mime) ?? (msg.media.fileName?.split(".").pop() || "bin").replace(/[^a-z0-9]/gi, "").slice(0, 8);
  const name = msg.media.fileName ?? `${msg.kind}.${ext}`;
  const file = new File([new Uint8Array(bytes)], `x.${ext}`, { type: mime });
  const stored = await storeUpload(deps.config.mediaDir, companyId, "messages", { file, ext, mime, originalName: name });
  return stored;
}

/**
 * The inbound pipeline's storage step, one transaction per message: contact upsert, find-or-create
 * the ticket (reopening a closed one as pending for inbound), the message (exactly once per
 * connection and channel id), unread counters; realtime events after commit.
 */
export async function ingestMessage(deps: Deps, conn: ConnectionRef, msg: InboundMessage): Promise<IngestResult | null> {
  const { companyId } = conn;
  const known = findByWid(deps.db, companyId, conn.id, msg.id);
  if (known) {
    const ticket = deps.db.select().from(tickets).where(eq(tickets.id, known.ticketId)).get()!;
    return { ticket, messageId: known.id, duplicate: true, reopened: false, createdTicket: false };
  }
  if (msg.isGroup && getSetting(deps.db, companyId, "CheckMsgIsGroup") === "enabled") return null;
  let stored: Awaited<ReturnType<typeof saveMedia>> = null;
  try {
    stored = await saveMedia(deps, companyId, msg);
  } catch (e) {
    log.warn("inbound media download failed", { connectionId: conn.id, err: String(e) });
  }
  const now = nowIso();
  const body = msg.body || (stored ? stored.mediaName : "");
  let before: TicketRow | undefined;
  let contactCreated: ReturnType<typeof upsertPeerContact> | null = null;
  const res = deps.db.transaction((tx) => {
    const db = tx as unknown as Deps["db"];
    const chat = upsertPeerContact(db, companyId, msg.chat, {
      isGroup: msg.isGroup,
      name: msg.isGroup ? msg.groupSubject : msg.fromMe ? null : msg.chat.pushName,
      whatsappId: conn.id,
    });
    if (chat.created) contactCreated = chat;
    const sender = msg.isGroup && msg.participant && !msg.fromMe ? upsertPeerContact(db, companyId, msg.participant, { whatsappId: conn.id }).contact : null;
    const contact = chat.contact;
    let ticket = tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contact.id), sql`coalesce(${tickets.whatsappId}, 0) = ${conn.id}`))
      // The active ticket wins over a later closed one (e.g. one moved over by a contact merge).
      .orderBy(sql`${tickets.status} in ('open', 'pending') desc`, sql`${tickets.id} desc`)
      .get();
    before = ticket;
    let createdTicket = false;
    let reopened = false;
    if (!ticket) {
      ticket = tx
        .insert(tickets)
        .values({
          uuid: uuid(),
          companyId,
          contactId: contact.id,
          whatsappId: conn.id,
          status: "pending",
          isGroup: msg.isGroup,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
        .get();
      tx.insert(ticketTracking).values({ ticketId: ticket.id, companyId, whatsappId: conn.id, queuedAt: now, createdAt: now }).run();
      createdTicket = true;
    } else if (ticket.status === "closed" && !msg.fromMe) {
      ticket = tx
        .update(tickets)
        .set({ status: "pending", userId: null, queueId: null, queueOptionId: null, chatbot: false, amountUsedBotQueues: 0, updatedAt: now })
        .where(eq(tickets.id, ticket.id))
        .returning()
        .get();
      tx.insert(ticketTracking).values({ ticketId: ticket.id, companyId, whatsappId: conn.id, queuedAt: now, createdAt: now }).run();
      reopened = true;
    }
    const m = tx
      .insert(messages)
      .values({
        companyId,
        ticketId: ticket.id,
        whatsappId: conn.id,
        wid: msg.id,
        contactId: msg.fromMe ? null : (sender?.id ?? contact.id),
        body,
        fromMe: msg.fromMe,
        read: msg.fromMe,
        ack: msg.fromMe ? 1 : 0,
        mediaType: mediaTypeOf(msg),
        mediaUrl: stored?.mediaPath ?? null,
        mediaName: stored?.mediaName ?? null,
        quotedMsgId: msg.quotedId ? (findByWid(db, companyId, conn.id, msg.quotedId)?.id ?? null) : null,
        queueId: ticket.queueId,
        dataJson: msg.raw ? JSON.stringify(msg.raw) : null,
        createdAt: new Date(msg.timestamp || Date.now()).toISOString(),
        updatedAt: now,
      })
      .returning({ id: messages.id })
      .get();
    ticket = tx
      .update(tickets)
      .set({
        lastMessage: body,
        fromMe: msg.fromMe,
        unreadMessages: msg.fromMe ? 0 : sql`${tickets.unreadMessages} + 1`,
        updatedAt: now,
      })
      .where(eq(tickets.id, ticket.id))
      .returning()
      .get();
    return { ticket, messageId: m.id, duplicate: false, reopened, createdTicket };
  });
  const created = contactCreated as ReturnType<typeof upsertPeerContact> | null;
  if (created) deps.hub.publish(rooms.main(companyId), { channel: "contact", action: "create", contact: serializeContact(created.contact) });
  const dto = loadTicket(deps, companyId, res.ticket.id);
  if (dto) {
    publishTicket(deps, dto, before ? { status: before.status, queueId: before.queueId, userId: before.userId } : undefined);
    const row = deps.db.select().from(messages).where(eq(messages.id, res.messageId)).get()!;
    publishMessageCreated(deps, dto, hydrate(deps.db, companyId, [row])[0]);
  }
  return res;
}
