import { describe, expect, test } from "bun:test";
import { openDatabase } from "./client";
import { LOCK_STALE_MS, tryLock } from "./instance-lock";
import { migrate } from "./migrate";

describe("instance lock", () => {
  const db = openDatabase(":memory:");
  migrate(db);
  test("a second process is refused while the holder's heartbeat is fresh", () => {
    const t0 = 1_000_000;
    const alive = () => true;
    expect(tryLock(db, "first", t0, alive)).toBe(true);
    db.sqlite.exec("update instance_lock set pid = 999999999");
    expect(tryLock(db, "second", t0 + 5_000, alive)).toBe(false);
    expect(tryLock(db, "first", t0 + 10_000, alive)).toBe(true);
  });
  test("a fresh lock of a process that no longer exists is taken over at once", () => {
    const t0 = 3_000_000;
    expect(tryLock(db, "first", t0)).toBe(true);
    db.sqlite.exec("update instance_lock set pid = 999999999");
    expect(tryLock(db, "second", t0 + 1_000)).toBe(true);
  });
  test("a crashed holder's stale lock is taken over", () => {
    const t0 = 2_000_000;
    expect(tryLock(db, "first", t0)).toBe(true);
    db.sqlite.exec("update instance_lock set pid = 999999999");
    expect(tryLock(db, "second", t0 + LOCK_STALE_MS + 1, () => true)).toBe(true);
    db.sqlite.exec("update instance_lock set pid = 999999999");
    expect(tryLock(db, "first", t0 + LOCK_STALE_MS + 2, () => true)).toBe(false);
  });
});
