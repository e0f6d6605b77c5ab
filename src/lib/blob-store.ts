/**
 * One storage interface for files (docs/SCALING.md, "Files"): media, file lists, uploads. A key is a media path as
 * the database stores it today (`<companyId>/<area>/<name>`). One box: LocalBlobStore, the media folder under
 * `data/` as today; several nodes share no disk: S3BlobStore (blob-store-s3.ts, an S3-compatible bucket).
 */
import { mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";

/** What can be stored: bytes, text, a Blob (an uploaded File) or a stream (written as it comes). */
export type BlobBody = string | Uint8Array | ArrayBuffer | Blob | ReadableStream<Uint8Array>;

/** A stored object being read. */
export interface BlobRead {
  /** The bytes asked for (the whole object, or the range). */
  stream: ReadableStream<Uint8Array>;
  /** The whole object's size in bytes. */
  size: number;
  /** The content type given when it was stored (application/octet-stream when none). */
  type: string;
}

/** A byte range, both ends included, as HTTP's Range header says it; `end` absent: to the last byte. */
export interface BlobRange {
  start: number;
  end?: number;
}

/** Where files live. Every method refuses a malformed key (BadBlobKeyError) before touching anything. */
export interface BlobStore {
  /** Stores an object under `key`, replacing one there; readers never see it half written. */
  put(key: string, body: BlobBody, opts?: { type?: string }): Promise<void>;
  /** The object (or a range of it) as a stream, or null when there is none. */
  get(key: string, range?: BlobRange): Promise<BlobRead | null>;
  /** Removes an object; an absent one is no error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The object's size in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Removes every object under a key prefix of whole segments (`7/`: a company gone); answers how many went. */
  deletePrefix(prefix: string): Promise<number>;
}

/** A key that is not a safe relative path of plain segments. */
export class BadBlobKeyError extends Error {
  constructor(key: string) {
    super(`bad blob key ${JSON.stringify(key.slice(0, 200))}`);
  }
}

/** The segments a key may have: the rule of the media paths the uploads helper writes (no dot-leading names). */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;

/** Checks a key (or, with `prefix`, a prefix ending in "/") and answers its segments. */
export function blobKeySegments(key: string, prefix = false): string[] {
  const body = prefix ? (key.endsWith("/") ? key.slice(0, -1) : "\u0000") : key;
  const parts = body.split("/");
  if (key.length > 1_000 || !parts.every((p) => SEGMENT.test(p))) throw new BadBlobKeyError(key);
  return parts;
}

/** One box: files under a folder (the media folder, `data/media`), at the key's path. */
export class LocalBlobStore implements BlobStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The file of a key; the checked segments cannot leave the root, and this says so once more. */
  private path(key: string, prefix = false) {
    const full = resolve(this.root, ...blobKeySegments(key, prefix));
    if (!full.startsWith(this.root + sep)) throw new BadBlobKeyError(key);
    return full;
  }

  async put(key: string, body: BlobBody) {
    const full = this.path(key);
    mkdirSync(dirname(full), { recursive: true });
    // Written next to its place, then renamed: a reader sees the old file or the new one, never a part.
    const tmp = join(dirname(full), `.${crypto.randomUUID()}.part`);
    try {
      // The type is not kept on disk: a file's type comes from its extension when read, as the media route does today.
      if (body instanceof ReadableStream) await Bun.write(tmp, new Response(body));
      else await Bun.write(tmp, body instanceof Blob ? body : new Blob([body as string | ArrayBuffer | Uint8Array<ArrayBuffer>]));
      renameSync(tmp, full);
    } catch (e) {
      rmSync(tmp, { force: true });
      throw e;
    }
  }

  async get(key: string, range?: BlobRange): Promise<BlobRead | null> {
    const file = Bun.file(this.path(key));
    if (!(await file.exists())) return null;
    const size = file.size;
    const part = range ? file.slice(range.start, range.end === undefined ? size : range.end + 1) : file;
    return { stream: part.stream(), size, type: file.type || "application/octet-stream" };
  }

  async delete(key: string) {
    rmSync(this.path(key), { force: true });
  }

  async exists(key: string) {
    return (await this.size(key)) !== null;
  }

  async size(key: string) {
    try {
      const st = statSync(this.path(key));
      return st.isFile() ? st.size : null;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw e;
    }
  }

  async deletePrefix(prefix: string) {
    const dir = this.path(prefix, true);
    const n = countFiles(dir);
    rmSync(dir, { recursive: true, force: true });
    return n;
  }
}

function countFiles(dir: string): number {
  try {
    return Array.from(new Bun.Glob("**/*").scanSync({ cwd: dir, onlyFiles: true })).length;
  } catch {
    return 0;
  }
}
