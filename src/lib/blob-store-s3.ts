/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Garage, R2…) through Bun's built-in S3 client (`Bun.S3Client`:
 * SigV4, multipart uploads for streams, ranged reads; no dependency). Several nodes share it instead of a disk.
 * Keys are the media paths, under an optional prefix (one bucket shared by several installations).
 */
import { S3Client } from "bun";
import {
  BadBlobKeyError,
  type BlobBody,
  blobKeySegments,
  type BlobRange,
  type BlobRead,
  type BlobStore,
  BlobStoreUnavailableError,
  type LocalCopy,
  scratchPath,
} from "./blob-store";

export interface S3BlobOptions {
  /** The service's URL, e.g. `https://s3.eu-west-1.amazonaws.com` or `http://minio:9000`. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region?: string;
  /** Prepended to every key ("balcao/"), to share a bucket; empty by default. */
  prefix?: string;
  /** Bytes per part when a stream is uploaded (S3's minimum is 5 MiB). */
  partSize?: number;
  /** `bucket.endpoint/key` addresses (AWS); false (default): `endpoint/bucket/key` (MinIO, Garage, s3rver). */
  virtualHostedStyle?: boolean;
  /** Longest wait for a request that moves no file body (stat, delete, list), in ms. */
  timeoutMs?: number;
}

/** S3 answers these for an absent object (GET: NoSuchKey; HEAD has no body, so only its status). */
function isMissing(e: unknown): boolean {
  const err = e as { code?: string; name?: string; message?: string };
  // A bucket that is not there is the store's fault (configuration), never "no such file".
  if (err?.code === "NoSuchBucket" || /bucket/i.test(String(err?.message ?? ""))) return false;
  return err?.code === "NoSuchKey" || err?.code === "NotFound" || /\b404\b|not found|does not exist/i.test(String(err?.message ?? ""));
}

/** Runs `fn`; a failure other than a missing object (and one that takes longer than `ms`) is the store's unavailability. */
async function guarded<T>(operation: string, ms: number, fn: () => Promise<T>, missing?: () => T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    if (ms > 0) timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([fn(), late]);
  } catch (e) {
    if (e instanceof BadBlobKeyError) throw e;
    if (missing && isMissing(e)) return missing();
    throw new BlobStoreUnavailableError(operation, e);
  } finally {
    clearTimeout(timer);
  }
}

/** The bucket store; credentials stay inside the client (never logged, never answered). */
export class S3BlobStore implements BlobStore {
  readonly kind = "s3";
  private readonly client: S3Client;
  private readonly timeoutMs: number;
  private readonly prefix: string;
  private readonly partSize: number;

  constructor(opts: S3BlobOptions) {
    this.client = new S3Client({
      endpoint: opts.endpoint,
      bucket: opts.bucket,
      accessKeyId: opts.accessKeyId,
      secretAccessKey: opts.secretAccessKey,
      region: opts.region ?? "us-east-1",
      virtualHostedStyle: opts.virtualHostedStyle ?? false,
    });
    this.timeoutMs = opts.timeoutMs ?? 15_000;
    const prefix = opts.prefix?.replace(/\/+$/, "");
    this.prefix = prefix ? `${blobKeySegments(prefix).join("/")}/` : "";
    this.partSize = Math.max(5 * 1024 * 1024, opts.partSize ?? 8 * 1024 * 1024);
  }

  private name(key: string, prefix = false) {
    const parts = blobKeySegments(key, prefix);
    return `${this.prefix}${parts.join("/")}${prefix ? "/" : ""}`;
  }

  async put(key: string, body: BlobBody, opts: { type?: string } = {}) {
    const name = this.name(key);
    const type = opts.type ?? (body instanceof Blob && body.type ? body.type : "application/octet-stream");
    // Blobs over one part and streams go up in parts; S3 shows the object only once complete. A stream that fails
    // on the way rejects here and leaves the old object, if any, as it was (tested: the client's writer().end(error)
    // would complete the upload with the part it got, so it is not used).
    const data = body instanceof ReadableStream ? new Response(body) : body;
    // No time limit: an upload's length depends on its size and the network (the client fails on a dead connection).
    await guarded("put", 0, () => this.client.write(name, data, { type, partSize: this.partSize }));
  }

  async get(key: string, range?: BlobRange): Promise<BlobRead | null> {
    const file = this.client.file(this.name(key));
    const stat = await guarded(
      "get",
      this.timeoutMs,
      () => file.stat() as Promise<{ size: number; type: string } | null>,
      () => null,
    );
    if (!stat) return null;
    const part = range ? file.slice(range.start, range.end === undefined ? stat.size : range.end + 1) : file;
    return { stream: part.stream(), size: stat.size, type: stat.type || "application/octet-stream" };
  }

  async delete(key: string) {
    await guarded(
      "delete",
      this.timeoutMs,
      () => this.client.delete(this.name(key)),
      () => undefined,
    );
  }

  async exists(key: string) {
    return guarded("exists", this.timeoutMs, () => this.client.exists(this.name(key)));
  }

  async size(key: string) {
    return guarded(
      "stat",
      this.timeoutMs,
      async () => (await this.client.stat(this.name(key))).size as number | null,
      () => null,
    );
  }

  async localFile(key: string): Promise<LocalCopy | null> {
    const read = await this.get(key);
    if (!read) return null;
    const path = scratchPath(key);
    const copy = {
      path,
      release: () =>
        Bun.file(path)
          .delete()
          .catch(() => undefined),
    };
    try {
      await Bun.write(path, new Response(read.stream));
    } catch (e) {
      await copy.release();
      throw new BlobStoreUnavailableError("get", e);
    }
    return copy;
  }

  async deletePrefix(prefix: string) {
    const name = this.name(prefix, true);
    let n = 0;
    let more = true;
    // Listed again from the start after each page is gone (no continuation token over keys that were deleted).
    while (more) {
      const page = await guarded("list", this.timeoutMs, () => this.client.list({ prefix: name, maxKeys: 1000 }));
      const keys = (page.contents ?? []).map((c) => c.key);
      // One DELETE per object: Bun's client has no batch delete; a company's removal is rare and runs in the background.
      for (const k of keys) await guarded("delete", this.timeoutMs, () => this.client.delete(k));
      n += keys.length;
      more = !!page.isTruncated && keys.length > 0;
    }
    return n;
  }

  async list(prefix: string, max = 1000) {
    const name = this.name(prefix, true);
    // One page of 1,000 (the most a page holds) cut here: s3rver fails a listing cut short by maxKeys.
    const page = await guarded("list", this.timeoutMs, () => this.client.list({ prefix: name, maxKeys: 1000 }));
    return (page.contents ?? [])
      .map((c) => c.key.slice(this.prefix.length))
      .sort()
      .slice(0, max);
  }
}
