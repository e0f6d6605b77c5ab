import type { BlobStore } from "../../lib/blob-store";
import { addressOf } from "../../core/channel";
import type { InboundKind, InboundMessage } from "../../core/channel";
import type { SandboxMediaInfo, SandboxMessageDto } from "../../contract/dto/sandbox";
import type { SandboxInbound } from "../../core/channels";
import type { SandboxMessageRow } from "./schema";

function mediaInfoOf(json: string | null): SandboxMediaInfo | null {
  if (!json) return null;
  try {
    const o = JSON.parse(json) as Record<string, unknown>;
    const num = (k: string) => (typeof o[k] === "number" ? (o[k] as number) : null);
    return {
      thumbnail: typeof o.jpegThumbnail === "string" ? `data:image/jpeg;base64,${o.jpegThumbnail}` : null,
      width: num("width"),
      height: num("height"),
      seconds: num("seconds"),
      waveform: Array.isArray(o.waveform) ? o.waveform.map(Number) : null,
      pageCount: num("pageCount"),
      animated: o.animated === true,
    };
  } catch {
    return null;
  }
}

/** The phone's view of one message (GET /sandbox/…/conversation and the `sandbox` frames). */
export function serializeSandboxMessage(r: SandboxMessageRow): SandboxMessageDto {
  return {
    id: r.id,
    wid: r.wid,
    number: r.number,
    name: r.name,
    direction: r.direction as "in" | "out",
    type: r.type,
    body: r.body,
    mediaUrl: r.mediaPath ? `/media/${r.mediaPath}` : null,
    mediaName: r.mediaName,
    mimetype: r.mimetype,
    ptt: r.ptt,
    media: mediaInfoOf(r.mediaInfo),
    latitude: r.latitude,
    longitude: r.longitude,
    vcard: r.vcard,
    quotedWid: r.quotedWid,
    ack: r.ack,
    isDeleted: r.isDeleted,
    isEdited: r.isEdited,
    createdAt: r.createdAt,
  };
}
export type { SandboxMessageDto };

/** The channel id (wid) of a customer's message the phone named itself (prefixed: never one of the company's ids). */
export const clientWid = (id: string) => `SBXC${id}`;

/** The InboundMessage a customer's sandbox message becomes: the same shape a WhatsApp message has. */
export function toInbound(input: SandboxInbound, wid: string, timestamp: number, blobs: BlobStore): InboundMessage {
  const kind: InboundKind = input.type === "contact" ? "vcard" : input.type;
  const media = input.media;
  let body = input.body;
  if (input.type === "location") {
    const { latitude: lat = 0, longitude: lng = 0 } = input;
    body = ` | https://maps.google.com/maps?q=${lat}%2C${lng}&z=17&hl=pt-BR|${input.body || `${lat}, ${lng}`}`;
  }
  if (input.type === "contact") body = input.vcard ?? input.body;
  if (input.type === "audio" && !body) body = "Áudio";
  return {
    id: wid,
    fromMe: false,
    chat: { number: input.number, address: addressOf({ number: input.number }), pushName: input.name || null },
    isGroup: false,
    kind,
    body,
    media: media
      ? {
          mimetype: media.mime,
          fileName: media.mediaName,
          ptt: input.type === "audio",
          // The phone's upload is in the file store already: "downloading" it reads it back, as a channel's download would.
          download: async () => {
            const read = await blobs.get(media.mediaPath);
            if (!read) throw new Error("sandbox media missing");
            return new Uint8Array(await new Response(read.stream).arrayBuffer());
          },
        }
      : null,
    location: input.type === "location" ? { latitude: input.latitude ?? 0, longitude: input.longitude ?? 0, name: input.body || null } : null,
    vcard: input.type === "contact" ? (input.vcard ?? null) : null,
    quotedId: input.quotedId ?? null,
    timestamp,
    origin: "notify",
    raw: { sandbox: true, wid },
  };
}
