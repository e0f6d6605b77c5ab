/**
 * The data folder is owner-only (issue 10): a real server started on an empty folder creates the
 * folder and media/ 0700 and app.db (with its WAL files), secrets.json and initial-admin.txt 0600,
 * and tightens a looser app.db it finds.
 */
import { afterAll, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startRealServer } from "./helpers";

const parent = mkdtempSync(join(tmpdir(), "balcao-modes-"));
afterAll(() => rmSync(parent, { recursive: true, force: true }));
const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);

/** Boots the real server on `dataDir` until /health answers, then stops it (SIGTERM). */
async function bootOnce(dataDir: string) {
  const server = await startRealServer(dataDir);
  await server.stop();
}

test("a first boot creates the data folder owner-only", async () => {
  const dataDir = join(parent, "data");
  await bootOnce(dataDir);
  expect(mode(dataDir)).toBe("700");
  expect(mode(join(dataDir, "media"))).toBe("700");
  expect(mode(join(dataDir, "app.db"))).toBe("600");
  for (const f of ["app.db-wal", "app.db-shm"]) if (existsSync(join(dataDir, f))) expect(mode(join(dataDir, f))).toBe("600");
  expect(mode(join(dataDir, "secrets.json"))).toBe("600");
  expect(mode(join(dataDir, "initial-admin.txt"))).toBe("600");
}, 40_000);

test("a boot tightens a folder and database left readable by others", async () => {
  const dataDir = join(parent, "data");
  chmodSync(dataDir, 0o755);
  chmodSync(join(dataDir, "app.db"), 0o644);
  await bootOnce(dataDir);
  expect(mode(dataDir)).toBe("700");
  expect(mode(join(dataDir, "app.db"))).toBe("600");
}, 40_000);
