import { describe, expect, test } from "bun:test";
import { isStorageFullError } from "../../src/core/storage";

/** What counts as a full disk: SQLite's, the filesystem's, and PostgreSQL's own (also as drizzle wraps it). */
describe("isStorageFullError", () => {
  test("SQLite, the filesystem and PostgreSQL's disk_full (53100), bare or as a query error's cause", () => {
    expect(isStorageFullError({ code: "SQLITE_FULL", message: "database or disk is full" })).toBe(true);
    expect(isStorageFullError(Object.assign(new Error("write failed"), { code: "ENOSPC" }))).toBe(true);
    const pg = Object.assign(new Error('could not extend file "base/1/2": wrote only 4096 of 8192 bytes'), { code: "53100" });
    expect(isStorageFullError(pg)).toBe(true);
    expect(isStorageFullError(new Error('Failed query: insert into "tags" …', { cause: pg }))).toBe(true);
  });

  test("other errors are not a full disk, however deep", () => {
    expect(isStorageFullError(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isStorageFullError(new Error("Failed query", { cause: new Error("connection refused") }))).toBe(false);
    const loop: Error & { cause?: unknown } = new Error("loop");
    loop.cause = loop;
    expect(isStorageFullError(loop)).toBe(false);
    expect(isStorageFullError(null)).toBe(false);
  });
});
