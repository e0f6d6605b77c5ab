/**
 * A local S3-compatible server for tests (s3rver, in this process, on 127.0.0.1, a free port, a temporary folder):
 * `withS3()` starts it before a file's tests with an empty bucket and stops it after. It does not check request
 * signatures: the credentials only have to be present.
 */
import { afterAll, beforeAll } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

/** Where the test bucket is, once withS3's beforeAll ran. */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The server's folder (objects are files under it). */
  directory: string;
}

/** Starts a server with one empty bucket now (top-level await: an app built from its address); `close` ends it. */
export async function startS3(bucket = "balcao-test"): Promise<TestS3 & { close(): Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), "balcao-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    directory,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The environment that points an app at a test bucket (S3_URL and its companions). */
export const s3Env = (s3: TestS3): Record<string, string> => ({
  S3_URL: s3.endpoint,
  S3_BUCKET: s3.bucket,
  S3_ACCESS_KEY_ID: s3.accessKeyId,
  S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
});

/** Starts a server with one empty bucket for the test file; read its fields inside tests. */
export function withS3(bucket = "balcao-test"): TestS3 {
  const handle = { bucket, accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as TestS3;
  let server: S3rver | null = null;
  beforeAll(async () => {
    handle.directory = mkdtempSync(join(tmpdir(), "balcao-s3-"));
    server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: handle.directory, configureBuckets: [{ name: bucket }] });
    const { port } = await server.run();
    handle.endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await server?.close();
    if (handle.directory) rmSync(handle.directory, { recursive: true, force: true });
  });
  return handle;
}
