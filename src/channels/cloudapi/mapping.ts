/**
 * Pure translation of Meta's webhook deliveries into the channel contract (types.ts): customers'
 * messages become InboundMessages (media fetched later through `download`), delivery statuses become
 * AckEvents on the same ladder as every channel (2 server, 3 delivered, 4 read; failed with its reason).
 */
import { addressOf } from "../../core/channel";
import { locationBody } from "../../core/channel";
import type { AckEvent, InboundKind, InboundMessage } from "../../core/channel";
import { sendErrorCode } from "./errors";

/** Fetches a customer's media by its id (the adapter binds the connection's token). */
export type MediaFetcher = (mediaId: string, mimetype: string) => Promise<Uint8Array>;

/** What one delivery brought for one of the account's numbers. */
export interface WebhookBatch {
  phoneNumberId: string;
  messages: InboundMessage[];
  acks: AckEvent[];
  /** Customers who wrote, with when (epoch ms): their 24-hour window opens. */
  windows: { number: string; at: number }[];
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

const ACK: Record<string, number> = { sent: 2, delivered: 3, read: 4, played: 5 };
const MEDIA_KINDS = ["image", "video", "audio", "document", "sticker"] as const;

/** A vCard for one contact of a `contacts` message. */
function vcardOf(c: Obj): string {
  const name = obj(c.name);
  const formatted = str(name.formatted_name) || [str(name.first_name), str(name.last_name)].filter(Boolean).join(" ");
  const lines = ["BEGIN:VCARD", "VERSION:3.0", `N:${str(name.last_name)};${str(name.first_name)};;;`, `FN:${formatted}`];
  for (const p of arr(c.phones).map(obj)) {
    const waid = str(p.wa_id);
    lines.push(`TEL;type=${str(p.type) || "CELL"}${waid ? `;waid=${waid}` : ""}:${str(p.phone)}`);
  }
  for (const e of arr(c.emails).map(obj)) if (str(e.email)) lines.push(`EMAIL:${str(e.email)}`);
  lines.push("END:VCARD");
  return lines.join("\n");
}

/** One customer message → InboundMessage, or null for what is not a message to store (a removed reaction). */
export function mapMessage(m: Obj, pushName: string | null, download: MediaFetcher): InboundMessage | null {
  const id = str(m.id);
  const from = str(m.from).replace(/\D/g, "");
  if (!id || !from) return null;
  const type = str(m.type);
  const seconds = Number(str(m.timestamp));
  const base: InboundMessage = {
    id,
    fromMe: false,
    chat: { number: from, address: addressOf({ number: from }), pushName },
    isGroup: false,
    kind: "text",
    body: "",
    quotedId: str(obj(m.context).id) || null,
    timestamp: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : Date.now(),
    origin: "notify",
  };
  if (type === "text") return { ...base, body: str(obj(m.text).body) };
  if ((MEDIA_KINDS as readonly string[]).includes(type)) {
    const media = obj(m[type]);
    const mimetype = str(media.mime_type) || (type === "sticker" ? "image/webp" : "application/octet-stream");
    const mediaId = str(media.id);
    return {
      ...base,
      kind: type as InboundKind,
      body: str(media.caption) || (type === "audio" ? "Áudio" : type === "document" ? str(media.filename) : ""),
      media: mediaId
        ? { mimetype, fileName: str(media.filename) || null, ptt: type === "audio" && media.voice === true, download: () => download(mediaId, mimetype) }
        : null,
    };
  }
  if (type === "location") {
    const l = obj(m.location);
    const latitude = Number(l.latitude) || 0;
    const longitude = Number(l.longitude) || 0;
    return {
      ...base,
      kind: "location",
      body: locationBody(latitude, longitude),
      location: { latitude, longitude, name: str(l.name) || null, address: str(l.address) || null },
    };
  }
  if (type === "contacts") {
    const cards = arr(m.contacts).map(obj).map(vcardOf);
    return { ...base, kind: "vcard", body: cards.join("\n"), vcard: cards.join("\n") };
  }
  if (type === "reaction") {
    const r = obj(m.reaction);
    // An empty emoji takes a reaction back: nothing to show.
    if (!str(r.emoji)) return null;
    return { ...base, kind: "reaction", body: str(r.emoji), quotedId: str(r.message_id) || null };
  }
  if (type === "interactive") {
    const i = obj(m.interactive);
    const reply = obj(i.button_reply ?? i.list_reply);
    if (str(reply.id)) return { ...base, body: str(reply.title) || str(reply.id), reply: { id: str(reply.id), title: str(reply.title) } };
    return { ...base, body: str(obj(i.nfm_reply).body) };
  }
  // A quick-reply button of a template: its text is the answer (its payload is the template's).
  if (type === "button") return { ...base, body: str(obj(m.button).text) || str(obj(m.button).payload) };
  return { ...base, kind: "unsupported", body: type || "unsupported" };
}

/** One status → AckEvent; null for statuses without a place on the ladder. */
export function mapStatus(s: Obj): AckEvent | null {
  const id = str(s.id);
  const status = str(s.status);
  if (!id) return null;
  const alias = str(s.biz_opaque_callback_data) || undefined;
  if (status === "failed") {
    const code = Number(str(obj(arr(s.errors)[0]).code));
    return { id, alias, ack: 0, error: sendErrorCode(Number.isFinite(code) && code > 0 ? code : null) };
  }
  const ack = ACK[status];
  return ack ? { id, alias, ack } : null;
}

/**
 * A whole delivery (`object: whatsapp_business_account`), grouped by the number it concerns (one app
 * may serve several numbers). Anything malformed is skipped, never thrown.
 */
export function parseWebhook(payload: unknown, download: (phoneNumberId: string) => MediaFetcher): WebhookBatch[] {
  const byNumber = new Map<string, WebhookBatch>();
  for (const entry of arr(obj(payload).entry).map(obj)) {
    for (const change of arr(entry.changes).map(obj)) {
      if (str(change.field) !== "messages") continue;
      const value = obj(change.value);
      const phoneNumberId = str(obj(value.metadata).phone_number_id);
      if (!phoneNumberId) continue;
      let batch = byNumber.get(phoneNumberId);
      if (!batch) {
        batch = { phoneNumberId, messages: [], acks: [], windows: [] };
        byNumber.set(phoneNumberId, batch);
      }
      const names = new Map(arr(value.contacts).map((c) => [str(obj(c).wa_id), str(obj(obj(c).profile).name) || null]));
      for (const m of arr(value.messages).map(obj)) {
        const msg = mapMessage(m, names.get(str(m.from)) ?? null, download(phoneNumberId));
        if (!msg) continue;
        batch.messages.push(msg);
        batch.windows.push({ number: msg.chat.number!, at: msg.timestamp });
      }
      for (const s of arr(value.statuses).map(obj)) {
        const ack = mapStatus(s);
        if (ack) batch.acks.push(ack);
      }
    }
  }
  return [...byNumber.values()];
}
