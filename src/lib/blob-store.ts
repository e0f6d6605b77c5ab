/**
 * One storage interface for files (docs/SCALING.md, "Files"): media, file lists, uploads. A key is a media path as
 * the database stores it today (`<companyId>/<area>/<name>`). One box: LocalBlobStore, the media folder under
 * `data/` as today; several nodes share no disk: S3BlobStore (blob-store-s3.ts, an S3-compatible bucket).
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
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
  /** The same bytes as a Blob when the store has one at hand (a local file: the server sends it with sendfile). */
  blob?: Blob;
}

/** A stored object as a file on this machine, for code that can only read a path (sharp, the channels' senders). */
export interface LocalCopy {
  path: string;
  /** Removes the copy (nothing for a store whose objects are files already). */
  release(): Promise<void>;
}

/** A byte range, both ends included, as HTTP's Range header says it; `end` absent: to the last byte. */
export interface BlobRange {
  start: number;
  end?: number;
}

/**
 * Where files live. Every method refuses a malformed key (BadBlobKeyError) before touching anything; a store that
 * cannot be reached (a bucket gone, a network down) throws BlobStoreUnavailableError, never hangs.
 */
export interface BlobStore {
  /** "local" or "s3" (doctor, the backup's manifest). */
  readonly kind: "local" | "s3";
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
  /** Keys under a prefix of whole segments, at most `max` (sorted; the inbound spool's entries of every node). */
  list(prefix: string, max?: number): Promise<string[]>;
  /** The object as a file on this machine (the file itself for the local store, a temporary copy otherwise), or null. */
  localFile(key: string): Promise<LocalCopy | null>;
}

/** The store cannot be reached or refused the request for a reason other than a missing object. */
export class BlobStoreUnavailableError extends Error {
  /** The code a message that could not be sent records (contract/errors.ts). */
  readonly code = "ERR_STORAGE_UNAVAILABLE";
  constructor(operation: string, cause: unknown) {
    const err = cause as { code?: string; message?: string };
    super(`file store unavailable (${operation}): ${err?.code ?? ""} ${String(err?.message ?? cause).slice(0, 200)}`.replace(/\s+/g, " "));
  }
}

/** A temporary folder of this process for local copies of stored objects (made on first use). */
let scratch: string | null = null;
/** This process's folder of local copies (null until the first one): copies are removed after use. */
export const scratchFolder = () => scratch;

/** A new path in the scratch folder for a copy of `key` (its name kept: some readers look at the extension). */
export function scratchPath(key: string): string {
  scratch ??= mkdtempSync(join(tmpdir(), "balcao-blob-copies-"));
  return join(scratch, `${crypto.randomUUID()}-${blobKeySegments(key).at(-1)}`);
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

/**
 * One box: files under a folder (the media folder, `data/media`), at the key's path. `mounts` send keys whose first
 * segment is named to another folder (`public/…` → `data/public/…`, where announcement images always were).
 */
export class LocalBlobStore implements BlobStore {
  readonly kind = "local";
  private readonly root: string;
  private readonly mounts: Map<string, string>;

  constructor(root: string, mounts: Record<string, string> = {}) {
    this.root = resolve(root);
    this.mounts = new Map(Object.entries(mounts).map(([name, dir]) => [name, resolve(dir)]));
  }

  /** The file of a key; the checked segments cannot leave the root, and this says so once more. */
  private path(key: string, prefix = false) {
    const parts = blobKeySegments(key, prefix);
    const mount = parts.length > 1 ? this.mounts.get(parts[0]) : undefined;
    const root = mount ?? this.root;
    const full = resolve(root, ...(mount ? parts.slice(1) : parts));
    if (!full.startsWith(root + sep)) throw new BadBlobKeyError(key);
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
    // The stream is made only when asked for: a caller that sends the Blob opens no second reader.
    return {
      get stream() {
        return part.stream();
      },
      size,
      type: file.type || "application/octet-stream",
      blob: part,
    };
  }

  async localFile(key: string): Promise<LocalCopy | null> {
    const path = this.path(key);
    return (await this.size(key)) === null ? null : { path, release: async () => {} };
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

  async list(prefix: string, max = 1000) {
    const dir = this.path(prefix, true);
    const base = blobKeySegments(prefix, true).join("/");
    try {
      // Not the temporary files a put writes before its rename (dot files: never a key).
      const names = Array.from(new Bun.Glob("**/*").scanSync({ cwd: dir, onlyFiles: true, dot: false }));
      return names
        .sort()
        .slice(0, max)
        .map((n) => `${base}/${n.split(sep).join("/")}`);
    } catch {
      return [];
    }
  }
}

function countFiles(dir: string): number {
  try {
    return Array.from(new Bun.Glob("**/*").scanSync({ cwd: dir, onlyFiles: true })).length;
  } catch {
    return 0;
  }
}
