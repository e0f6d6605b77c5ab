import { VOICE_MIN_SECONDS, VOICE_NOTE_PREFIX } from "@contract/media";

/** Voice bit rate (WhatsApp's own notes are about this; a minute is ~240 KB). */
const VOICE_BPS = 32_000;

/** Opus in Ogg (Firefox) or WebM (Chromium), in the browser's order of preference. */
const OPUS_TYPES = ["audio/ogg;codecs=opus", "audio/webm;codecs=opus"] as const;

/**
 * The MediaRecorder type that records Opus, or null when the browser cannot (Safari records AAC in
 * MP4; its recording is encoded to Ogg/Opus in the page with WebAssembly when it stops).
 */
export function opusRecorderType(): string | null {
  if (typeof MediaRecorder === "undefined" || !MediaRecorder.isTypeSupported) return null;
  return OPUS_TYPES.find((t) => MediaRecorder.isTypeSupported(t)) ?? null;
}

/** MediaRecorder options: Opus at voice bit rate when the browser records it. */
export function recorderOptions(): MediaRecorderOptions {
  const mimeType = opusRecorderType();
  return mimeType ? { mimeType, audioBitsPerSecond: VOICE_BPS } : { audioBitsPerSecond: VOICE_BPS };
}

/**
 * Turns the recorded chunks into the voice note to upload (named `audio-record-site-…`). Opus
 * recordings go as they are (WebM or Ogg: the server copies the packets into Ogg); anything else
 * is encoded to Ogg/Opus here. Returns null for recordings under VOICE_MIN_SECONDS (discarded).
 */
export async function finishRecording(chunks: Blob[], type: string, seconds: number): Promise<File | null> {
  const recorded = new Blob(chunks, { type: type || chunks[0]?.type || "" });
  if (recorded.size === 0 || seconds < VOICE_MIN_SECONDS) return null;
  const name = `${VOICE_NOTE_PREFIX}-${Date.now()}`;
  const base = recorded.type.split(";")[0];
  if (/opus/i.test(recorded.type) && (base === "audio/ogg" || base === "audio/webm")) {
    return new File([recorded], `${name}.${base === "audio/ogg" ? "ogg" : "webm"}`, { type: base });
  }
  const { encodeOggOpus } = await import("./opus-encode");
  const ogg = await encodeOggOpus(recorded, VOICE_BPS);
  return new File([ogg], `${name}.ogg`, { type: "audio/ogg" });
}
