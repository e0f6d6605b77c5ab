/**
 * The file store's configuration (S3_URL and its companions): unset is the data folder as always; a bucket needs its
 * name and keys; a bad value is one clear line naming the variable (the boot prints it and exits).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, filesElsewhere, loadConfig, parseEnv } from "../../src/config";

const dir = mkdtempSync(join(tmpdir(), "balcao-config-s3-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const BUCKET = { S3_URL: "http://minio:9000", S3_BUCKET: "balcao-files", S3_ACCESS_KEY_ID: "AKIA123", S3_SECRET_ACCESS_KEY: "s3cr3t" };
const error = (env: Record<string, string>) => {
  try {
    parseEnv(env);
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
};

describe("file store configuration", () => {
  test("unset: the data folder's media, as an existing install has it", () => {
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.blobs).toEqual({ kind: "local" });
    expect(filesElsewhere(c.blobs)).toBeUndefined();
  });

  test("S3_URL with its bucket and keys: path-style by default, region us-east-1, an optional prefix", () => {
    expect(loadConfig({ DATA_DIR: dir, ...BUCKET }).blobs).toEqual({
      kind: "s3",
      endpoint: "http://minio:9000",
      bucket: "balcao-files",
      accessKeyId: "AKIA123",
      secretAccessKey: "s3cr3t",
      region: "us-east-1",
      pathStyle: true,
      prefix: "",
    });
    const aws = loadConfig({
      DATA_DIR: dir,
      ...BUCKET,
      S3_URL: "https://s3.sa-east-1.amazonaws.com/",
      S3_REGION: "sa-east-1",
      S3_PATH_STYLE: "false",
      S3_PREFIX: "balcao",
    });
    expect(aws.blobs).toMatchObject({ endpoint: "https://s3.sa-east-1.amazonaws.com", region: "sa-east-1", pathStyle: false, prefix: "balcao/" });
    // what a backup's manifest records: no endpoint, no keys
    expect(filesElsewhere(aws.blobs)).toBe("s3://balcao-files/balcao/");
  });

  test("a bucket without its name or keys: one line per missing variable", () => {
    expect(error({ S3_URL: "http://minio:9000" })).toBe(
      "Invalid configuration:\n  S3_BUCKET: required when S3_URL is set\n  S3_ACCESS_KEY_ID: required when S3_URL is set\n  S3_SECRET_ACCESS_KEY: required when S3_URL is set",
    );
  });

  test("bad values name their variable", () => {
    expect(error({ ...BUCKET, S3_URL: "minio:9000" })).toContain("S3_URL: must be the service's http(s) origin");
    expect(error({ ...BUCKET, S3_URL: "http://minio:9000/some/path" })).toContain("S3_URL:");
    expect(error({ ...BUCKET, S3_BUCKET: "Bad_Bucket" })).toContain("S3_BUCKET: must be a bucket name");
    expect(error({ ...BUCKET, S3_PATH_STYLE: "yes" })).toContain("S3_PATH_STYLE: must be true or false");
    expect(error({ ...BUCKET, S3_REGION: "São Paulo" })).toContain("S3_REGION: must be a region name");
    expect(error({ ...BUCKET, S3_PREFIX: "../x" })).toContain("S3_PREFIX: must be one folder name");
    expect(error(BUCKET)).toBeNull();
  });
});
