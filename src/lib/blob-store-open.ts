/**
 * The file store a configuration names (built by the composition root, and by `doctor`): the data folder's media as
 * always, or an S3-compatible bucket. `probeBlobStore` proves it can be written, read back and cleaned.
 */
import { join } from "node:path";
import { type BlobStore, LocalBlobStore } from "./blob-store";
import { S3BlobStore } from "./blob-store-s3";

/** The file store: `local` is `data/media` (and `data/public`), as always; `s3` a bucket shared by every node. */
export type BlobConfig =
  | { kind: "local" }
  | {
      kind: "s3";
      endpoint: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      region: string;
      /** Path-style addresses (`endpoint/bucket/key`: MinIO, Garage, s3rver); false: `bucket.endpoint/key` (AWS). */
      pathStyle: boolean;
      /** A folder of the bucket holding everything ("" = the bucket's root). */
      prefix: string;
    };

/** The store of a configuration: `data/media` (and `data/public` for announcement images, where they always were), or the bucket. */
export function openBlobStore(b: BlobConfig, dirs: { mediaDir: string; dataDir: string }): BlobStore {
  if (b.kind === "local") return new LocalBlobStore(dirs.mediaDir, { public: join(dirs.dataDir, "public") });
  return new S3BlobStore({
    endpoint: b.endpoint,
    bucket: b.bucket,
    accessKeyId: b.accessKeyId,
    secretAccessKey: b.secretAccessKey,
    region: b.region,
    prefix: b.prefix,
    virtualHostedStyle: !b.pathStyle,
  });
}

/** Writes a small object, reads it back and removes it; throws (BlobStoreUnavailableError) when the store cannot. */
export async function probeBlobStore(store: BlobStore): Promise<void> {
  const key = `probe-${crypto.randomUUID()}.txt`;
  try {
    await store.put(key, "balcao", { type: "text/plain" });
    const read = await store.get(key);
    if (!read || (await new Response(read.stream).text()) !== "balcao") throw new Error("the object written was not read back");
  } finally {
    await store.delete(key).catch(() => undefined);
  }
}
