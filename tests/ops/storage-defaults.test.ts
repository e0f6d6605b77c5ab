/**
 * Storage marks scaled to the disk: on a small disk the fixed 512 MB low mark kept /readyz at 503
 * and refused every upload, silently. Unless STORAGE_LOW_MB / BALLAST_MB set them, the low mark is
 * min(512 MB, 10 % of the disk) and the ballast min(64 MB, 2 %); free space under twice the low
 * mark is "near": a warning at boot and on the admins' banner.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config";
import { setLogLevel } from "../../src/lib/logger";
import { defaultStorageMarks, StorageGuard, warnStorageAtBoot } from "../../src/ops/storage";
import { makeTestApp } from "../helpers/app";

const MB = 1024 * 1024;
const GB = 1024 * MB;
const dir = mkdtempSync(join(tmpdir(), "balcao-storage-defaults-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A guard as the server makes it from a production config, on a disk of the given size. */
function productionGuard(total: number, free: () => number, env: Record<string, string> = {}) {
  const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dir, LOG_LEVEL: "silent", ...env });
  return new StorageGuard(dir, { lowBytes: config.storageLowBytes, ballastBytes: config.ballastBytes, measure: () => ({ free: free(), total }), cacheMs: 0 });
}

/** What warnStorageAtBoot logs (warn and error lines go to stderr as JSON). */
function logged(fn: () => unknown): { level: string; msg: string; [k: string]: unknown }[] {
  const lines: string[] = [];
  const original = console.error;
  console.error = (line: string) => lines.push(String(line));
  setLogLevel("info");
  try {
    fn();
  } finally {
    console.error = original;
    setLogLevel((process.env.LOG_LEVEL ?? "silent") as "silent");
  }
  return lines.map((l) => JSON.parse(l));
}

describe("the arithmetic", () => {
  test.each([
    [600 * MB, 60 * MB, 12 * MB],
    [2 * GB, 204 * MB, 40 * MB],
    [5 * GB, 512 * MB, 64 * MB],
    [100 * GB, 512 * MB, 64 * MB],
    [0, 512 * MB, 64 * MB],
  ])("a %p-byte disk: low mark %p, ballast %p", (total, low, ballast) => {
    expect(defaultStorageMarks(total)).toEqual({ lowBytes: low, ballastBytes: ballast });
  });

  test("a 600 MB disk with 400 MB free is fine, not low forever", () => {
    const g = productionGuard(600 * MB, () => 400 * MB);
    expect(g.status()).toMatchObject({ state: "ok", near: false, lowBytes: 60 * MB, ballastBytes: 12 * MB });
    expect(() => g.assertAvailable()).not.toThrow();
  });

  test("the operator's values win over the scaled ones", () => {
    const g = productionGuard(600 * MB, () => 400 * MB, { STORAGE_LOW_MB: "500", BALLAST_MB: "0" });
    expect(g.status()).toMatchObject({ state: "low", lowBytes: 500 * MB, ballastBytes: 0 });
  });
});

describe("the warning", () => {
  let free = 100 * MB;
  const g = productionGuard(600 * MB, () => free);

  test("near the mark: a warning at boot with the figures, nothing refused", () => {
    free = 100 * MB;
    expect(g.status()).toMatchObject({ state: "ok", near: true });
    const got: { level?: string | null } = {};
    const lines = logged(() => {
      got.level = warnStorageAtBoot(g, false);
    });
    expect(got.level).toBe("warn");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "warn", freeMB: 100, totalMB: 600, lowMarkMB: 60 });
    expect(String(lines[0].lowMarkFrom)).toContain("scaled to the disk");
  });

  test("under the mark: an error at boot that says what is refused", () => {
    free = 50 * MB;
    const lines = logged(() => warnStorageAtBoot(g, false));
    expect(lines[0]).toMatchObject({ level: "error", freeMB: 50, lowMarkMB: 60 });
    expect(lines[0].msg).toContain("/readyz answers 503");
  });

  test("plenty of room: nothing logged", () => {
    free = 500 * MB;
    expect(logged(() => expect(warnStorageAtBoot(g, false)).toBeNull())).toEqual([]);
  });

  test("the admins' banner reads the near state from GET /storage", async () => {
    const t = await makeTestApp();
    const a = await t.newCompany();
    free = 100 * MB;
    const previous = t.deps.storage;
    t.deps.storage = g;
    try {
      const r = await t.call("GET", "/storage", { token: a.admin.token });
      expect(r.json).toEqual({ state: "ok", near: true, freeBytes: 100 * MB, lowBytes: 60 * MB, integrity: "unchecked" });
    } finally {
      t.deps.storage = previous;
    }
  });
});
