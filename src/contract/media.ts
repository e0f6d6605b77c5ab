/**
 * How an outgoing file travels on WhatsApp, shared by the server (checks before storing and sending)
 * and the web (checks before uploading, so the agent sees the reason in the chat at once).
 */

/** The WhatsApp message kind a file goes out as. */
export type SendKind = "image" | "video" | "audio" | "document" | "sticker";

const MB = 1024 * 1024;

/** WhatsApp's own size limits per kind (a bigger file is refused by the phone or the servers). */
export const MEDIA_MAX_BYTES: Record<SendKind, number> = {
  image: 16 * MB,
  video: 16 * MB,
  audio: 16 * MB,
  document: 100 * MB,
  sticker: 500 * 1024,
};

/** Voice notes recorded in the chat: longer ones are refused (WhatsApp's own recorder stops well before). */
export const VOICE_MAX_SECONDS = 15 * 60;

/** Shorter recordings are discarded (a tap on the microphone, not a message). */
export const VOICE_MIN_SECONDS = 1;

/** WhatsApp's voice-note format (what the channels send a voice note as). */
export const OPUS_MIME = "audio/ogg; codecs=opus";

/** The file name prefix that marks a voice note recorded in the chat (kept from the reference product). */
export const VOICE_NOTE_PREFIX = "audio-record-site";

/** Recent history imported when a number is linked: the choices offered (days; 0 = off) and the cap. */
export const HISTORY_DAYS_OPTIONS = [0, 1, 3, 7, 15, 30] as const;
export const HISTORY_MAX_DAYS = 30;

/** Kind by mime type: webp images are stickers; mime types WhatsApp does not play inline go as documents. */
export function sendKindOf(mime: string): SendKind {
  const m = mime.split(";")[0].trim().toLowerCase();
  if (m === "image/webp") return "sticker";
  if (m === "image/jpeg" || m === "image/png" || m === "image/gif") return "image";
  if (m === "video/mp4" || m === "video/3gpp") return "video";
  if (m.startsWith("audio/")) return "audio";
  return "document";
}

/** Readable size for messages ("16 MB", "500 KB"). */
export function formatBytes(n: number): string {
  return n >= MB ? `${Math.round(n / MB)} MB` : `${Math.round(n / 1024)} KB`;
}
