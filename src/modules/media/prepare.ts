/**
 * Files an agent sends from the chat, made ready before they are stored: a recorded voice note
 * becomes Ogg/Opus (packets copied from the browser's WebM or Ogg), and the facts the browser
 * measured of a video (thumbnail, size, duration) are kept beside the stored file.
 */
import { VOICE_MAX_SECONDS, VOICE_NOTE_PREFIX } from "../../contract/media";
import { AppError } from "../../core/errors";
import type { BlobStore } from "../../lib/blob-store";
import { assertContent, type CheckedFile, hintsKey } from "./uploads";
import { cleanHints, type MediaHints, parseHints } from "./describe";
import { toOggOpus } from "./voice";

/** True for a file recorded with the chat's microphone button (sent as a voice note). */
export const isVoiceNote = (name: string | null | undefined) => (name ?? "").startsWith(VOICE_NOTE_PREFIX);

/**
 * A recorded voice note (Opus in WebM or Ogg) → the Ogg/Opus file to store, same name with `.ogg`.
 * Refuses anything that is not Opus audio (ERR_VOICE_NOT_OPUS) and notes over VOICE_MAX_SECONDS.
 */
export async function voiceNoteUpload(checked: CheckedFile): Promise<CheckedFile> {
  await assertContent(checked);
  const note = await toOggOpus(new Uint8Array(await checked.file.arrayBuffer()));
  if (!note) throw new AppError("ERR_VOICE_NOT_OPUS", 400);
  if (note.seconds > VOICE_MAX_SECONDS) throw new AppError("ERR_VOICE_TOO_LONG", 400, { max: VOICE_MAX_SECONDS / 60 });
  const name = `${checked.originalName.replace(/\.[A-Za-z0-9]+$/, "")}.ogg`;
  return { file: new File([note.ogg], name, { type: "audio/ogg" }), ext: "ogg", mime: "audio/ogg", originalName: name };
}

/** Keeps the browser-measured facts of a video or image beside the stored file (used where the server cannot decode it). */
export async function keepHints(blobs: BlobStore, mediaPath: string, mime: string, hints: MediaHints | undefined): Promise<void> {
  if (!hints || !(mime.startsWith("video/") || (mime.startsWith("image/") && mime !== "image/webp"))) return;
  await blobs.put(hintsKey(mediaPath), JSON.stringify(await cleanHints(hints)), { type: "application/json" });
}

/** The facts kept beside a stored file (none when there are none or they cannot be read). */
export async function storedHints(blobs: BlobStore, mediaPath: string): Promise<MediaHints> {
  const read = await blobs.get(hintsKey(mediaPath)).catch(() => null);
  return read ? parseHints(await new Response(read.stream).text().catch(() => "")) : {};
}
