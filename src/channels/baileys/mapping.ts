/**
 * Pure translation of Baileys events into the channel contract (types.ts). No socket, no I/O: media
 * bytes are fetched through the `download` callback the runner supplies.
 */
import { locationBody } from "../../core/channel";
import {
  BufferJSON,
  type Contact,
  getContentType,
  isJidGroup,
  isLidUser,
  isPnUser,
  jidDecode,
  jidNormalizedUser,
  type MessageUpsertType,
  normalizeMessageContent,
  proto,
  toNumber,
  type WACallEvent,
  type WAMessage,
  type WAMessageContent,
  type WAMessageKey,
  type WAMessageUpdate,
} from "baileys";
import type { AckEvent, CallEvent, EditEvent, HistoryBatch, InboundMedia, InboundMessage, Peer } from "../../core/channel";

/** A learned LID ↔ phone-number pair (lid is the full `…@lid` JID, number the digits). */
export interface IdentityPair {
  lid: string;
  number: string;
}

export type MediaDownloader = (msg: WAMessage) => Promise<Uint8Array>;

const CIPHERTEXT = proto.WebMessageInfo.StubType.CIPHERTEXT;
const REVOKE = proto.WebMessageInfo.StubType.REVOKE;

/** Digits of a phone-number JID, or null. */
export function pnDigits(jid: string | null | undefined): string | null {
  if (!jid || !isPnUser(jid)) return null;
  return jidDecode(jid)?.user ?? null;
}

/**
 * Resolves a user address from a primary JID and its alternate (remoteJidAlt / participantAlt /
 * callerPn). Phone number when known, LID kept as an alias; the address prefers the phone-number JID
 * so a contact does not split when WhatsApp switches addressing.
 */
export function resolvePeer(jid: string, alt?: string | null, pushName?: string | null): Peer {
  const main = jidNormalizedUser(jid) || jid;
  const other = alt ? jidNormalizedUser(alt) || alt : null;
  const pn = isPnUser(main) ? main : other && isPnUser(other) ? other : null;
  const lid = isLidUser(main) ? main : other && isLidUser(other) ? other : null;
  return {
    number: pnDigits(pn),
    lid,
    address: pn ?? lid ?? main,
    pushName: pushName ?? null,
  };
}

/** The identity pair a peer reveals, if it has both halves. */
export function peerIdentity(p: Peer | null | undefined): IdentityPair | null {
  return p?.lid && p.number ? { lid: p.lid, number: p.number } : null;
}

/** Group peer: number = the group id's digits (groups keep their raw id digits, R-IN-3). */
function groupPeer(jid: string): Peer {
  return { number: jidDecode(jid)?.user ?? null, lid: null, address: jid, pushName: null };
}

/**
 * BufferJSON-safe plain copy of a Baileys object (kept as `raw` for quoting and retries), in one
 * walk: own fields only (bypassing protobuf's `toJSON`, which turns bytes into base64 strings), bytes
 * as BufferJSON's `{ type: "Buffer", data: base64 }`, Longs as numbers. Equal to
 * `JSON.parse(JSON.stringify(copy, BufferJSON.replacer))`, which cost a stringify and a parse per message.
 */
export function toRaw(msg: unknown): unknown {
  return jsonSafe(msg);
}

function jsonSafe(v: unknown): unknown {
  if (v === null) return null;
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v === "function" || typeof v === "symbol") return undefined;
  if (typeof v !== "object") return v;
  if (v instanceof Uint8Array) return { type: "Buffer", data: Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("base64") };
  if (Array.isArray(v)) return v.map((x) => jsonSafe(x) ?? null);
  const o = v as Record<string, unknown>;
  if (typeof o.low === "number" && typeof o.high === "number" && typeof o.toNumber === "function") {
    return (o.toNumber as () => number)();
  }
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o)) {
    const x = jsonSafe(o[k]);
    if (x !== undefined) out[k] = x;
  }
  return out;
}

/** Revives a `raw` value back into a Baileys object (Buffers restored). */
export function fromRaw<T>(raw: unknown): T {
  return JSON.parse(JSON.stringify(raw), BufferJSON.reviver) as T;
}

/** The number in a vCard: the `waid` parameter, else the first TEL value's digits. */
export function vcardNumber(vcard: string | null | undefined): string | null {
  if (!vcard) return null;
  const waid = /waid=(\d+)/i.exec(vcard);
  if (waid) return waid[1];
  const tel = /^TEL[^:]*:(.+)$/im.exec(vcard);
  const digits = tel?.[1].replace(/\D/g, "");
  return digits || null;
}

type Mapped = Pick<InboundMessage, "kind" | "body"> & Partial<Pick<InboundMessage, "location" | "vcard" | "quotedId">> & { mediaOf?: MediaSpec };

interface MediaSpec {
  mimetype: string;
  fileName?: string | null;
  ptt?: boolean;
}

/** Text of a (normalised) content, used for edits and plain bodies; null when it has none. */
export function textOf(content: WAMessageContent | null | undefined): string | null {
  const c = normalizeMessageContent(content);
  if (!c) return null;
  if (typeof c.conversation === "string") return c.conversation;
  if (c.extendedTextMessage) return c.extendedTextMessage.text ?? "";
  for (const m of [c.imageMessage, c.videoMessage, c.documentMessage]) if (m) return m.caption ?? "";
  return null;
}

/** Maps one content to kind/body; null for contents the channel does not ingest (protocol etc.). */
function mapContent(content: WAMessageContent): Mapped | null {
  const type = getContentType(content);
  if (!type) return null;
  const quotedId = (ctx?: proto.IContextInfo | null) => ctx?.stanzaId || null;
  switch (type) {
    case "conversation":
      return { kind: "text", body: content.conversation ?? "" };
    case "extendedTextMessage": {
      const m = content.extendedTextMessage!;
      return { kind: "text", body: m.text ?? "", quotedId: quotedId(m.contextInfo) };
    }
    case "imageMessage": {
      const m = content.imageMessage!;
      return {
        kind: "image",
        body: m.caption ?? "",
        quotedId: quotedId(m.contextInfo),
        mediaOf: { mimetype: m.mimetype || "image/jpeg" },
      };
    }
    case "videoMessage": {
      const m = content.videoMessage!;
      return {
        kind: "video",
        body: m.caption ?? "",
        quotedId: quotedId(m.contextInfo),
        mediaOf: { mimetype: m.mimetype || "video/mp4" },
      };
    }
    case "audioMessage": {
      const m = content.audioMessage!;
      return {
        kind: "audio",
        body: "Áudio",
        quotedId: quotedId(m.contextInfo),
        mediaOf: { mimetype: m.mimetype || "audio/ogg; codecs=opus", ptt: !!m.ptt },
      };
    }
    case "documentMessage": {
      const m = content.documentMessage!;
      return {
        kind: "document",
        body: m.caption || m.title || m.fileName || "",
        quotedId: quotedId(m.contextInfo),
        mediaOf: { mimetype: m.mimetype || "application/octet-stream", fileName: m.fileName ?? null },
      };
    }
    case "stickerMessage": {
      const m = content.stickerMessage!;
      return { kind: "sticker", body: "sticker", mediaOf: { mimetype: m.mimetype || "image/webp" } };
    }
    case "locationMessage": {
      const m = content.locationMessage!;
      const latitude = m.degreesLatitude ?? 0;
      const longitude = m.degreesLongitude ?? 0;
      return {
        kind: "location",
        body: locationBody(latitude, longitude, m.jpegThumbnail),
        location: { latitude, longitude, name: m.name ?? null, address: m.address ?? null },
      };
    }
    case "liveLocationMessage": {
      const m = content.liveLocationMessage!;
      const latitude = m.degreesLatitude ?? 0;
      const longitude = m.degreesLongitude ?? 0;
      return {
        kind: "location",
        body: `Latitude: ${latitude} - Longitude: ${longitude}`,
        location: { latitude, longitude },
      };
    }
    case "contactMessage": {
      const m = content.contactMessage!;
      return { kind: "vcard", body: m.vcard ?? "", vcard: m.vcard ?? null };
    }
    case "contactsArrayMessage": {
      const list = content.contactsArrayMessage!.contacts ?? [];
      const body = list.map((c) => `${c.displayName ?? ""}: 📞${vcardNumber(c.vcard) ?? ""}`).join("\n");
      return { kind: "vcard", body, vcard: list.map((c) => c.vcard ?? "").join("\n") };
    }
    case "reactionMessage": {
      const m = content.reactionMessage!;
      return { kind: "reaction", body: m.text || "reaction", quotedId: m.key?.id ?? null };
    }
    case "buttonsResponseMessage": {
      const m = content.buttonsResponseMessage!;
      return { kind: "text", body: m.selectedButtonId || m.selectedDisplayText || "" };
    }
    case "listResponseMessage": {
      const m = content.listResponseMessage!;
      return { kind: "text", body: m.singleSelectReply?.selectedRowId || m.title || "" };
    }
    case "templateButtonReplyMessage": {
      const m = content.templateButtonReplyMessage!;
      return { kind: "text", body: m.selectedId || m.selectedDisplayText || "" };
    }
    case "protocolMessage":
    case "senderKeyDistributionMessage":
    case "messageContextInfo":
    case "pollUpdateMessage":
    case "keepInChatMessage":
    case "encReactionMessage":
    case "editedMessage":
      return null;
    default:
      return { kind: "unsupported", body: String(type) };
  }
}

/**
 * One Baileys message → InboundMessage, or null when it must be skipped: protocol messages (revoke,
 * edit: they arrive as messages.update), CIPHERTEXT stubs (the real content follows under the same
 * id after Baileys' retry), other stubs and empty messages, status broadcasts.
 */
export function mapMessage(msg: WAMessage, origin: MessageUpsertType, download?: MediaDownloader): InboundMessage | null {
  const key = msg.key;
  const remote = key?.remoteJid;
  if (!key?.id || !remote) return null;
  if (msg.messageStubType === CIPHERTEXT) return null;
  if (remote === "status@broadcast") return null;
  const content = normalizeMessageContent(msg.message);
  if (!content) return null;
  const mapped = mapContent(content);
  if (!mapped) return null;

  const fromMe = !!key.fromMe;
  const isGroup = !!isJidGroup(remote);
  const pushName = fromMe ? null : (msg.pushName ?? null);
  const chat = isGroup ? groupPeer(remote) : resolvePeer(remote, key.remoteJidAlt, pushName);
  const participant =
    isGroup && (key.participant || key.participantAlt)
      ? resolvePeer(key.participant || key.participantAlt!, key.participant ? key.participantAlt : null, pushName)
      : null;

  let media: InboundMedia | null = null;
  if (mapped.mediaOf) {
    const spec = mapped.mediaOf;
    media = {
      mimetype: spec.mimetype,
      fileName: spec.fileName ?? null,
      ptt: spec.ptt,
      download: async () => (download ? await download(msg) : Promise.reject(new Error("media download unavailable"))),
    };
  }

  return {
    id: key.id,
    fromMe,
    chat,
    isGroup,
    participant,
    kind: mapped.kind,
    body: mapped.body,
    media,
    location: mapped.location ?? null,
    vcard: mapped.vcard ?? null,
    quotedId: mapped.quotedId ?? null,
    timestamp: toNumber(msg.messageTimestamp) * 1000 || Date.now(),
    origin,
    raw: toRaw(msg),
  };
}

/**
 * `messages.upsert` → ingestible messages (notify and append alike), identity pairs seen, and acks
 * carried by our own messages (Baileys folds a receipt that arrives right after a send into the
 * own-message upsert instead of emitting messages.update).
 */
export function mapUpsert(
  evt: { messages: WAMessage[]; type: MessageUpsertType },
  download?: MediaDownloader,
): { messages: InboundMessage[]; identities: IdentityPair[]; acks: AckEvent[] } {
  const messages: InboundMessage[] = [];
  const identities: IdentityPair[] = [];
  const acks: AckEvent[] = [];
  for (const m of evt.messages) {
    if (m.key?.fromMe && m.key.id && typeof m.status === "number" && m.status !== 1) {
      acks.push({ id: m.key.id, ack: m.status });
    }
    const key = m.key;
    if (key?.remoteJid && !isJidGroup(key.remoteJid)) pushPair(identities, resolvePeer(key.remoteJid, key.remoteJidAlt));
    if (key?.participant && key.participantAlt) pushPair(identities, resolvePeer(key.participant, key.participantAlt));
    const mapped = mapMessage(m, evt.type, download);
    if (mapped) messages.push(mapped);
  }
  return { messages, identities, acks };
}

function pushPair(list: IdentityPair[], p: Peer) {
  const pair = peerIdentity(p);
  if (pair && !list.some((x) => x.lid === pair.lid && x.number === pair.number)) list.push(pair);
}

/** `messages.update` → acks (status 0-5), edits and revokes. */
export function mapUpdates(updates: WAMessageUpdate[]): { acks: AckEvent[]; edits: EditEvent[]; revokes: string[] } {
  const acks: AckEvent[] = [];
  const edits: EditEvent[] = [];
  const revokes: string[] = [];
  for (const { key, update } of updates) {
    const id = key?.id;
    if (!id) continue;
    if (update.messageStubType === REVOKE && update.message === null) {
      revokes.push(id);
      continue;
    }
    const edited = update.message?.editedMessage?.message;
    if (edited) {
      const body = textOf(edited);
      if (body !== null) edits.push({ id, body });
    }
    if (typeof update.status === "number") acks.push({ id, ack: update.status });
  }
  return { acks, edits, revokes };
}

/** Group/status per-user receipts → acks (read 4, played 5, delivered 3). */
export function mapReceipts(receipts: { key: WAMessageKey; receipt: proto.IUserReceipt }[]): AckEvent[] {
  const out: AckEvent[] = [];
  for (const { key, receipt } of receipts) {
    if (!key.id) continue;
    const ack = receipt.playedTimestamp ? 5 : receipt.readTimestamp ? 4 : receipt.receiptTimestamp ? 3 : null;
    if (ack !== null) out.push({ id: key.id, ack });
  }
  return out;
}

const CALL_STATUSES = new Set<CallEvent["status"]>(["offer", "ringing", "timeout", "reject", "accept", "terminate"]);

/** `call` events → CallEvent (transport-only states such as preaccept are dropped). */
export function mapCalls(calls: WACallEvent[]): CallEvent[] {
  const out: CallEvent[] = [];
  for (const c of calls) {
    if (!CALL_STATUSES.has(c.status as CallEvent["status"])) continue;
    out.push({
      id: c.id,
      from: resolvePeer(c.from, c.callerPn ?? null),
      isVideo: !!c.isVideo,
      status: c.status as CallEvent["status"],
    });
  }
  return out;
}

/** LID ↔ PN pairs from `lid-mapping.update`, `contacts.upsert/update` and history sync. */
export function mapIdentities(input: { mappings?: { lid?: string | null; pn?: string | null }[]; contacts?: Partial<Contact>[] }): IdentityPair[] {
  const out: IdentityPair[] = [];
  for (const m of input.mappings ?? []) {
    if (m.lid && m.pn) pushPair(out, resolvePeer(m.lid, m.pn));
  }
  for (const c of input.contacts ?? []) {
    const ids = [c.id, c.lid, c.phoneNumber].filter((x): x is string => !!x);
    const lid = ids.find((x) => isLidUser(x));
    const pn = ids.find((x) => isPnUser(x));
    if (lid && pn) pushPair(out, resolvePeer(lid, pn));
  }
  return out;
}

/**
 * `messaging-history.set` (history sync after linking) → a HistoryBatch: its messages mapped like
 * the offline backlog ("append"), with WhatsApp's progress. Push-name-only chunks carry no messages.
 */
export function mapHistory(evt: { messages: WAMessage[]; progress?: number | null; isLatest?: boolean }, download?: MediaDownloader): HistoryBatch {
  const messages: InboundMessage[] = [];
  for (const m of evt.messages) {
    const mapped = mapMessage(m, "append", download);
    if (mapped) messages.push(mapped);
  }
  return { messages, progress: typeof evt.progress === "number" ? evt.progress : null, isLatest: !!evt.isLatest };
}
