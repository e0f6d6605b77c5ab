/**
 * The inbound path, in the order a message travels (BEHAVIOUR.md §2.3):
 *
 *   channel event → identity (contact, LID alias) → message stored exactly once → ticket lifecycle
 *   (find / open / reopen) → one realtime frame → chatbot step
 *
 * Storage is one transaction per message and the frame goes out after it commits. A message that
 * cannot be stored (disk full, database busy, a bug) is handed to the spool and retried until it is
 * stored exactly once (spool.ts); the bot never runs for a message that is not stored.
 */
import type { InboundMessage } from "../channels/types";
import type { Deps } from "../http/context";
import { extOfMime, storeUpload } from "../http/uploads";
import { isoNow } from "../lib/clock";
import { log } from "../lib/logger";
import { rooms } from "../realtime/topics";
import { upsertPeerContact } from "../modules/contacts/channel";
import type { ContactRow } from "../modules/contacts/schema";
import { serializeContact } from "../modules/contacts/service";
import { findByWid, hydrate } from "../modules/messages/queries";
import type { MessageRow } from "../modules/messages/schema";
import { serializeMessage } from "../modules/messages/serialize";
import { publishMessageCreated } from "../modules/messages/service";
import { insertInbound } from "../modules/messages/service-channel";
import { getSetting } from "../modules/settings/service";
import { findTicketRow } from "../modules/tickets/queries";
import { noteMessage, type Place, ticketForInbound } from "../modules/tickets/lifecycle-system";
import type { TicketRow } from "../modules/tickets/schema";
import { loadTicket } from "../modules/tickets/service";

export interface ConnectionRef {
  id: number;
  companyId: number;
}

export interface IngestResult {
  ticket: TicketRow;
  messageId: number;
  duplicate: boolean;
  /** Where the ticket was before this message (null: the message created it). */
  before: Place | null;
}

/** Media already saved to the data folder (kept with a spooled message so a retry does not download again). */
export interface StoredMedia {
  mediaPath: string;
  mediaName: string;
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
export async function saveInboundMedia(deps: Deps, companyId: number, msg: InboundMessage): Promise<StoredMedia | null> {
  if (!msg.media) return null;
  try {
    const mime = msg.media.mimetype.split(";")[0].trim();
    const bytes = await msg.media.download();
    const ext = extOfMime(mime) ?? (msg.media.fileName?.split(".").pop() || "bin").replace(/[^a-z0-9]/gi, "").slice(0, 8);
    const name = msg.media.fileName ?? `${msg.kind}.${ext}`;
    const file = new File([new Uint8Array(bytes)], `x.${ext}`, { type: mime });
    return await storeUpload(deps.config.mediaDir, companyId, "messages", { file, ext, mime, originalName: name });
  } catch (e) {
    log.warn("inbound media download failed", { companyId, err: String(e) });
    return null;
  }
}

/** The wire shape of a message just stored, without reading back what is known (its author). */
function serializeInbound(deps: Deps, companyId: number, row: MessageRow, author: ContactRow) {
  if (row.quotedMsgId) return hydrate(deps.db, companyId, [row])[0];
  return serializeMessage(row, null, row.fromMe ? null : { id: author.id, name: author.name });
}

/** Whether the company ignores this message before anything is stored (groups with CheckMsgIsGroup). */
export function ignored(deps: Deps, conn: ConnectionRef, msg: InboundMessage): boolean {
  return msg.isGroup && getSetting(deps.db, conn.companyId, "CheckMsgIsGroup") === "enabled";
}

/** The message as already stored (a duplicate delivery, a retry after a crash): nothing is written again. */
export function alreadyStored(deps: Deps, conn: ConnectionRef, msgId: string): IngestResult | null {
  const known = findByWid(deps.db, conn.companyId, conn.id, msgId);
  if (!known) return null;
  const ticket = findTicketRow(deps.db, conn.companyId, known.ticketId)!;
  return { ticket, messageId: known.id, duplicate: true, before: null };
}

/**
 * Stores one inbound message in ONE transaction — contact (and group sender), the ticket through
 * the lifecycle, the message (unique per connection + channel id), the card — then publishes one
 * frame. Throws when storage fails (the caller spools the message).
 */
export function storeInbound(deps: Deps, conn: ConnectionRef, msg: InboundMessage, media: StoredMedia | null): IngestResult {
  const { companyId } = conn;
  const now = isoNow(deps.clock);
  const body = msg.body || (media ? media.mediaName : "");
  let createdContact: ContactRow | null = null;
  // bun:sqlite has one connection: the prepared queries of deps.db run inside this transaction.
  const db = deps.db;
  const res = db.transaction(() => {
    const chat = upsertPeerContact(db, companyId, msg.chat, {
      isGroup: msg.isGroup,
      name: msg.isGroup ? msg.groupSubject : msg.fromMe ? null : msg.chat.pushName,
      whatsappId: conn.id,
    });
    if (chat.created) createdContact = chat.contact;
    const sender = msg.isGroup && msg.participant && !msg.fromMe ? upsertPeerContact(db, companyId, msg.participant, { whatsappId: conn.id }).contact : null;
    const place = ticketForInbound(db, { companyId, contactId: chat.contact.id, whatsappId: conn.id, isGroup: msg.isGroup, fromMe: msg.fromMe }, now);
    const row = insertInbound(db, {
      companyId,
      ticketId: place.ticket.id,
      whatsappId: conn.id,
      wid: msg.id,
      contactId: msg.fromMe ? null : (sender?.id ?? chat.contact.id),
      body,
      fromMe: msg.fromMe,
      mediaType: mediaTypeOf(msg),
      mediaUrl: media?.mediaPath ?? null,
      mediaName: media?.mediaName ?? null,
      quotedMsgId: msg.quotedId ? (findByWid(db, companyId, conn.id, msg.quotedId)?.id ?? null) : null,
      queueId: place.ticket.queueId,
      dataJson: msg.raw ? JSON.stringify(msg.raw) : null,
      createdAt: new Date(msg.timestamp || deps.clock.now()).toISOString(),
      updatedAt: now,
    });
    // Stored meanwhile by a concurrent delivery of the same message: roll back, answer the stored one.
    if (!row) return null;
    const ticket = noteMessage(db, place.ticket.id, { preview: body, fromMe: msg.fromMe, inbound: !msg.fromMe }, now);
    return { ticket, row, before: place.before, author: sender ?? chat.contact };
  });
  if (!res) return alreadyStored(deps, conn, msg.id)!;
  const contact = createdContact as ContactRow | null;
  if (contact) deps.hub.publish(rooms.main(companyId), { channel: "contact", action: "create", contact: serializeContact(contact) });
  const dto = loadTicket(deps, companyId, res.ticket.id);
  if (dto) publishMessageCreated(deps, dto, serializeInbound(deps, companyId, res.row, res.author), res.before ?? undefined);
  return { ticket: res.ticket, messageId: res.row.id, duplicate: false, before: res.before };
}
