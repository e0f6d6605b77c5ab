import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "./client";
import { dataFolderHeld, FolderBusyError, holdDataFolder, LOCK_FILE, LOCK_STALE_MS, legacyHolder, publishHolder } from "./instance-lock";
import { migrate } from "./migrate";

const dir = mkdtempSync(join(tmpdir(), "balcao-lock-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Another process tries to take the folder; answers its exit code (0 taken, 3 refused). */
async function otherProcessTakes(folder: string): Promise<number> {
  const script = `
    const { holdDataFolder } = await import(${JSON.stringify(join(import.meta.dir, "instance-lock.ts"))});
    try { (await holdDataFolder(${JSON.stringify(folder)}, "probe")).release(); process.exit(0); } catch (e) { console.error(e.message); process.exit(3); }`;
  const p = Bun.spawn(["bun", "-e", script], { stdout: "pipe", stderr: "pipe" });
  return p.exited;
}

describe("instance lock", () => {
  test("a held folder is refused to another process until it is released; this process may take it again", async () => {
    expect(dataFolderHeld(dir)).toBe(false);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    const lock = await holdDataFolder(dir, "server");
    const again = await holdDataFolder(dir, "restore");
    expect(dataFolderHeld(dir)).toBe(true);
    expect(await otherProcessTakes(dir)).toBe(3);
    again.release();
    expect(await otherProcessTakes(dir)).toBe(3);
    lock.release();
    expect(await otherProcessTakes(dir)).toBe(0);
    expect(dataFolderHeld(dir)).toBe(false);
    // Releasing never deletes the file: a new file would be a new lock beside the held one.
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
  });

  test("a process that dies holding the folder frees it at once (no stale lock to wait out)", async () => {
    const script = `
      const { holdDataFolder } = await import(${JSON.stringify(join(import.meta.dir, "instance-lock.ts"))});
      await holdDataFolder(${JSON.stringify(dir)}, "server"); console.log("held"); await Bun.sleep(60000);`;
    const p = Bun.spawn(["bun", "-e", script], { stdout: "pipe" });
    const reader = p.stdout.getReader();
    await reader.read();
    expect(dataFolderHeld(dir)).toBe(true);
    const err = await holdDataFolder(dir, "server").catch((e) => e);
    expect(err).toBeInstanceOf(FolderBusyError);
    expect(err.message).toContain("only one Balcão process may use a data folder");
    p.kill("SIGKILL");
    await p.exited;
    const lock = await holdDataFolder(dir, "server");
    lock.release();
  });

  test("the probe of a read-only command creates nothing", () => {
    const empty = mkdtempSync(join(tmpdir(), "balcao-lock-empty-"));
    expect(dataFolderHeld(empty)).toBe(false);
    expect(existsSync(join(empty, LOCK_FILE))).toBe(false);
    rmSync(empty, { recursive: true });
  });

  test("the row tells people who holds the folder; an older server is known by a fresh row of its own", async () => {
    const db = openDatabase(":memory:");
    migrate(db);
    const holder = await publishHolder(db, "server");
    const row = db.sqlite.query<{ owner: string }, []>("SELECT owner FROM instance_lock").get();
    expect(row?.owner).toMatch(/^v2 server on .+ \(pid \d+\) since \d{4}-/);
    // A holder of the file lock is never taken for an older server.
    expect(legacyHolder(db)).toBeNull();
    await holder.stop();
    expect(db.sqlite.query("SELECT * FROM instance_lock").all()).toEqual([]);
    const now = Date.now();
    db.sqlite.run("INSERT INTO instance_lock (id, owner, pid, heartbeat_at) VALUES (1, 'a1b2c3', 1, ?)", [now - 5_000]);
    expect(legacyHolder(db, now)?.pid).toBe(1);
    expect(legacyHolder(db, now + LOCK_STALE_MS)).toBeNull();
  });
});
