/**
 * Outgoing → Baileys message content (pure). Media carries what the phone shows before download
 * (`Outgoing.info`: JPEG thumbnail, dimensions, duration, voice-note waveform, page count), so
 * Baileys computes nothing itself (it would need ffmpeg for video thumbnails and audio-decode for
 * waveforms, neither of which is here).
 */
import type { AnyMessageContent, MiscMessageGenerationOptions, WAMessage } from "baileys";
import { OPUS_MIME, sendKindOf } from "../../contract/media";
import type { MediaInfo, Outgoing } from "../../core/channel";
import { fromRaw } from "./mapping";

export { OPUS_MIME };

/** The quoted message Baileys needs: the stored raw WAMessage, or a minimal text stand-in. */
export function quotedMessage(q: NonNullable<Outgoing["quoted"]>, to: string): WAMessage {
  if (q.raw) {
    const m = fromRaw<WAMessage>(q.raw);
    if (m?.key?.id) return m;
  }
  return { key: { remoteJid: to, fromMe: q.fromMe, id: q.id }, message: { conversation: q.body ?? "" } };
}

/** Send options: our reserved id and the quote (a reaction names its message in its content). */
export function sendOptions(msg: Outgoing): MiscMessageGenerationOptions {
  const opts: MiscMessageGenerationOptions = {};
  if (msg.id) opts.messageId = msg.id;
  if (msg.quoted && msg.type !== "reaction") opts.quoted = quotedMessage(msg.quoted, msg.to);
  return opts;
}

/** Fields Baileys copies into the media message as they are (proto names). */
function previewFields(info: MediaInfo | undefined) {
  if (!info) return {};
  const out: Record<string, unknown> = {};
  if (info.jpegThumbnail?.length) out.jpegThumbnail = Buffer.from(info.jpegThumbnail);
  if (info.width && info.height) {
    out.width = info.width;
    out.height = info.height;
  }
  if (info.seconds !== undefined) out.seconds = info.seconds;
  return out;
}

/**
 * Builds the content. A voice note (`ptt`) must be Ogg/Opus: it goes out as `audio/ogg; codecs=opus`
 * with `ptt`, duration and waveform; any other audio goes out as plain audio. webp goes out as a
 * sticker, other images and mp4/3gp as image/video with a thumbnail; everything else as a document
 * keeping its file name (and page count for PDFs).
 */
export function buildContent(msg: Outgoing): AnyMessageContent {
  switch (msg.type) {
    case "text":
      return { text: msg.body };
    // WhatsApp Web has no templates: the template's text goes out as a plain message.
    case "template":
      return { text: msg.body };
    case "reaction":
      return { react: { text: msg.emoji, key: { remoteJid: msg.to, fromMe: msg.target.fromMe, id: msg.target.id } } };
    case "location":
      return {
        location: {
          degreesLatitude: msg.latitude,
          degreesLongitude: msg.longitude,
          name: msg.name,
          address: msg.address,
        },
      };
    case "contact":
      return { contacts: { displayName: msg.displayName, contacts: [{ displayName: msg.displayName, vcard: msg.vcard }] } };
    case "media": {
      const caption = msg.caption || undefined;
      const media = { url: msg.path };
      const info = msg.info;
      switch (sendKindOf(msg.mimetype)) {
        case "image":
          return { image: media, caption, mimetype: msg.mimetype, ...previewFields(info) } as AnyMessageContent;
        case "sticker":
          return {
            sticker: media,
            mimetype: "image/webp",
            isAnimated: !!info?.animated,
            ...(info?.width && info.height ? { width: info.width, height: info.height } : {}),
          } as AnyMessageContent;
        case "video":
          return { video: media, caption, mimetype: msg.mimetype, ...previewFields(info) } as AnyMessageContent;
        case "audio": {
          const opus = /^audio\/ogg/.test(msg.mimetype);
          if (msg.ptt && opus) {
            return {
              audio: media,
              mimetype: OPUS_MIME,
              ptt: true,
              ...(info?.seconds !== undefined ? { seconds: info.seconds } : {}),
              ...(info?.waveform ? { waveform: Buffer.from(info.waveform) } : {}),
            } as AnyMessageContent;
          }
          return {
            audio: media,
            mimetype: opus ? OPUS_MIME : msg.mimetype,
            ptt: false,
            ...(info?.seconds !== undefined ? { seconds: info.seconds } : {}),
          } as AnyMessageContent;
        }
        case "document":
          return {
            document: media,
            mimetype: msg.mimetype,
            fileName: msg.fileName,
            caption,
            ...(info?.pageCount ? { pageCount: info.pageCount } : {}),
          } as AnyMessageContent;
      }
    }
  }
}
