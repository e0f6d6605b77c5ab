import { extname } from "node:path";
import { LIMITS } from "../../contract/limits";
import { formatBytes, MEDIA_MAX_BYTES, sendKindOf } from "../../contract/media";
import type { Deps } from "../../core/deps";
import { AppError } from "../../core/errors";
import type { BlobStore } from "../../lib/blob-store";
import { log } from "../../lib/logger";

/**
 * The one upload helper: a multipart file is checked by extension AND declared mime type and by
 * size, then stored in the file store (`deps.blobs`) under `<companyId>/<area>/<generated name>`. The client's
 * file name is only kept as `mediaName` (display), never used as a key.
 */

/** Allowed mime types per extension. */
const MIME: Record<string, readonly string[]> = {
  png: ["image/png"],
  jpg: ["image/jpeg", "image/pjpeg"],
  jpeg: ["image/jpeg", "image/pjpeg"],
  gif: ["image/gif"],
  webp: ["image/webp"],
  mp4: ["video/mp4"],
  "3gp": ["video/3gpp", "audio/3gpp"],
  mp3: ["audio/mpeg", "audio/mp3"],
  ogg: ["audio/ogg", "audio/opus", "application/ogg"],
  opus: ["audio/ogg", "audio/opus"],
  // Chromium records voice notes as WebM/Opus (sometimes labelled video/webm); they are remuxed to Ogg.
  webm: ["audio/webm", "video/webm"],
  m4a: ["audio/mp4", "audio/x-m4a", "audio/m4a"],
  wav: ["audio/wav", "audio/x-wav", "audio/wave"],
  pdf: ["application/pdf"],
  txt: ["text/plain"],
  csv: ["text/csv", "text/plain", "application/vnd.ms-excel"],
  doc: ["application/msword"],
  docx: ["application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  // Spreadsheets are often sent as octet-stream (curl, some OSes); the parser rejects non-spreadsheets anyway.
  xls: ["application/vnd.ms-excel", "application/octet-stream", "application/x-msexcel"],
  xlsx: ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "application/octet-stream", "application/zip"],
};

/** The canonical mime type of a file name's extension (application/octet-stream when unknown). */
export function mimeOfName(name: string | null | undefined): string {
  const ext = (name ?? "").split(".").pop()?.toLowerCase() ?? "";
  return MIME[ext]?.[0] ?? "application/octet-stream";
}

/** The extension whose canonical mime type this is, or undefined. */
export const extOfMime = (mime: string): string | undefined => Object.keys(MIME).find((ext) => MIME[ext][0] === mime);

/** Named sets of accepted extensions. */
export const UPLOAD_KINDS = {
  image: ["png", "jpg", "jpeg"],
  /** Attachments sent to customers (queue greeting, chatbot options, quick messages). */
  attachment: ["png", "jpg", "jpeg", "gif", "webp", "mp4", "3gp", "mp3", "ogg", "opus", "m4a", "wav", "pdf", "txt", "csv", "doc", "docx", "xls", "xlsx"],
  spreadsheet: ["xls", "xlsx"],
  /** Voice notes recorded in the chat (Opus in Ogg or WebM), stored as Ogg/Opus. */
  voice: ["ogg", "opus", "webm"],
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;

/** A checked upload held in memory (not yet written). */
export interface CheckedFile {
  file: File;
  ext: string;
  mime: string;
  originalName: string;
}

/** A stored file: `mediaPath` is relative to the media folder (`<companyId>/<area>/<name>`). */
export interface StoredFile {
  mediaPath: string;
  mediaName: string;
  mime: string;
  size: number;
}

/** Cleans a client file name for display only: no path parts, no control characters, bounded. */
export function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = Array.from(base)
    .filter((ch) => ch.charCodeAt(0) >= 32 && ch.charCodeAt(0) !== 127)
    .join("")
    .trim();
  return clean.slice(0, 200) || "file";
}

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((x, i) => b[at + i] === x);
const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];

/** Content sniffing: the first bytes must match the extension's format (a renamed file is refused). */
function contentMatches(ext: string, b: Uint8Array): boolean {
  switch (ext) {
    case "png":
      return startsWith(b, [0x89, 0x50, 0x4e, 0x47]);
    case "jpg":
    case "jpeg":
      return startsWith(b, [0xff, 0xd8, 0xff]);
    case "gif":
      return startsWith(b, ascii("GIF8"));
    case "webp":
      return startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WEBP"), 8);
    case "wav":
      return startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WAVE"), 8);
    case "mp4":
    case "m4a":
    case "3gp":
      return startsWith(b, ascii("ftyp"), 4);
    case "mp3":
      return startsWith(b, ascii("ID3")) || (b[0] === 0xff && (b[1] & 0xe0) === 0xe0);
    case "ogg":
    case "opus":
      return startsWith(b, ascii("OggS"));
    case "webm":
      return startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]);
    case "pdf":
      return startsWith(b, ascii("%PDF"));
    case "doc":
    case "xls":
      return startsWith(b, OLE) || startsWith(b, ZIP);
    case "docx":
    case "xlsx":
      return startsWith(b, ZIP);
    case "txt":
    case "csv":
      return !b.includes(0);
    default:
      return false;
  }
}

/**
 * Checks that `value` (a multipart field) is a file of the kind: extension in the kind's list,
 * declared mime type allowed for that extension, size within LIMITS.uploadMaxBytes, or for files
 * sent to customers within WhatsApp's limit for what they go out as (MEDIA_MAX_BYTES). The content
 * itself is sniffed by `storeUpload` before anything is written. `typeError` lets an area answer
 * its own code (contact import: ERR_IMPORT_FILE_TYPE).
 */
export function checkUpload(
  deps: Pick<Deps, "storage">,
  value: unknown,
  kind: UploadKind,
  typeError: "ERR_UPLOAD_TYPE" | "ERR_IMPORT_FILE_TYPE" = "ERR_UPLOAD_TYPE",
): CheckedFile {
  const file = Array.isArray(value) ? value[0] : value;
  if (!(file instanceof Blob) || file.size === 0) throw new AppError("ERR_UPLOAD_MISSING", 400);
  // Uploads are bulk work: refused while the data disk is low (customer messages keep the room).
  deps.storage.assertAvailable();
  const originalName = displayName((file as File).name || "");
  const ext = extname(originalName).slice(1).toLowerCase();
  const mime = (file.type || "").split(";")[0].trim().toLowerCase();
  const allowed = UPLOAD_KINDS[kind] as readonly string[];
  if (!allowed.includes(ext) || !(MIME[ext] ?? []).includes(mime)) throw new AppError(typeError, 400, { allowed: allowed.join(", ") });
  if (kind === "attachment" || kind === "voice") {
    const sendKind = sendKindOf(MIME[ext][0]);
    const max = MEDIA_MAX_BYTES[sendKind];
    if (file.size > max) throw new AppError("ERR_MEDIA_TOO_LARGE", 413, { kind: sendKind, limit: formatBytes(max), name: originalName });
  } else if (file.size > LIMITS.uploadMaxBytes) throw new AppError("ERR_UPLOAD_TOO_LARGE", 413, { limit: LIMITS.uploadMaxBytes });
  return { file: file as File, ext, mime, originalName };
}

/** Refuses a file whose first bytes do not match its extension's format (e.g. HTML renamed .png). */
export async function assertContent(checked: CheckedFile) {
  const head = new Uint8Array(await checked.file.slice(0, 512).arrayBuffer());
  if (!contentMatches(checked.ext, head)) throw new AppError("ERR_UPLOAD_TYPE", 400, { allowed: checked.ext });
}

const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;

/** Sniffs the content, then writes the file under the company's area in the file store with a generated name. */
export async function storeUpload(blobs: BlobStore, companyId: number, area: string, checked: CheckedFile): Promise<StoredFile> {
  if (!SAFE_SEGMENT.test(area)) throw new Error(`bad upload area ${area}`);
  await assertContent(checked);
  const name = `${Date.now()}-${crypto.randomUUID()}.${checked.ext}`;
  const mediaPath = `${companyId}/${area}/${name}`;
  await blobs.put(mediaPath, checked.file, { type: checked.mime });
  return { mediaPath, mediaName: checked.originalName, mime: checked.mime, size: checked.file.size };
}

/** Checks and stores in one step. */
export async function saveUpload(
  deps: Pick<Deps, "blobs" | "storage">,
  companyId: number,
  area: string,
  value: unknown,
  kind: UploadKind,
): Promise<StoredFile> {
  return storeUpload(deps.blobs, companyId, area, checkUpload(deps, value, kind));
}

/**
 * The store key of a company's media file, or null when the relative path is malformed or does not belong to the
 * company (the store checks its keys once more).
 */
export function mediaKey(companyId: number, mediaPath: string | null | undefined): string | null {
  if (!mediaPath) return null;
  const parts = mediaPath.split("/");
  if (parts[0] !== String(companyId) || parts.length < 2 || !parts.slice(1).every((p) => SAFE_SEGMENT.test(p) && p !== "..")) return null;
  return mediaPath;
}

/** The facts kept beside a stored file (`<key>.meta.json`: what the agent's browser measured of a video). */
export const hintsKey = (key: string) => `${key}.meta.json`;

/**
 * Removes a stored file and the facts kept beside it (best effort, after the row change committed: a file left
 * behind is wasted space, never a wrong answer; the row no longer points at it).
 */
export function removeMedia(blobs: BlobStore, companyId: number, mediaPath: string | null | undefined): Promise<void> {
  const key = mediaKey(companyId, mediaPath);
  if (!key) return Promise.resolve();
  return Promise.all([blobs.delete(key), blobs.delete(hintsKey(key))]).then(
    () => undefined,
    (e) => log.warn("stored file not removed", { key, err: String(e) }),
  );
}

/** Removes every stored file of a company (its folder in the store): the company is gone. Best effort, logged. */
export function removeCompanyMedia(blobs: BlobStore, companyId: number): Promise<void> {
  if (!Number.isInteger(companyId) || companyId < 1) return Promise.resolve();
  return blobs.deletePrefix(`${companyId}/`).then(
    () => undefined,
    (e) => log.warn("company files not removed", { companyId, err: String(e) }),
  );
}

/** The URL the web uses to fetch a stored file (with its bearer token). */
export const mediaUrl = (mediaPath: string | null | undefined) => (mediaPath ? `/media/${mediaPath}` : null);

/**
 * Sets (a checked and stored upload) or clears (`file` null) a row's attachment: `write` stores the
 * new path and name in the caller's own table and answers the row; the previous file is removed once
 * the row points elsewhere. The caller checked access.
 */
export async function replaceAttachment<Row>(
  ctx: Pick<Deps, "blobs" | "storage"> & { companyId: number },
  area: string,
  file: unknown | null,
  previousPath: string | null,
  write: (media: { mediaPath: string | null; mediaName: string | null; updatedAt: string }) => Promise<Row>,
): Promise<Row> {
  const stored = file === null ? null : await saveUpload(ctx, ctx.companyId, area, file, "attachment");
  const row = write({ mediaPath: stored?.mediaPath ?? null, mediaName: stored?.mediaName ?? null, updatedAt: new Date().toISOString() });
  void removeMedia(ctx.blobs, ctx.companyId, previousPath);
  return row;
}
