import { describe, expect, test } from "bun:test";
import { openDatabase } from "./client";
import { LOCK_STALE_MS, tryLock } from "./instance-lock";
import { migrate } from "./migrate";

describe("instance lock", () => {
  const db = openDatabase(":memory:");
  migrate(db);
  test("a second process is refused while the holder's heartbeat is fresh", () => {
    const t0 = 1_000_000;
    expect(tryLock(db, "first", t0)).toBe(true);
    expect(tryLock(db, "second", t0 + 5_000)).toBe(false);
    expect(tryLock(db, "first", t0 + 10_000)).toBe(true);
  });
  test("a crashed holder's stale lock is taken over", () => {
    const t0 = 2_000_000;
    expect(tryLock(db, "first", t0)).toBe(true);
    expect(tryLock(db, "second", t0 + LOCK_STALE_MS + 1)).toBe(true);
    expect(tryLock(db, "first", t0 + LOCK_STALE_MS + 2)).toBe(false);
  });
});
