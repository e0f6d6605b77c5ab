import { describe, expect, test } from "bun:test";
import { openDatabase } from "./client";
import { ReadCache, sqliteVersion } from "./read-cache";

describe("ReadCache", () => {
  test("computes once per version of the database; any write drops every value", async () => {
    const db = openDatabase(":memory:");
    db.sqlite.run("create table t (x integer)");
    const cache = new ReadCache(sqliteVersion(db));
    let runs = 0;
    const count = () =>
      cache.get("n", async () => {
        runs++;
        return (db.sqlite.query("select count(*) as n from t").get() as { n: number }).n;
      });
    expect([await count(), await count(), runs]).toEqual([0, 0, 1]);
    db.sqlite.run("insert into t values (1)");
    expect([await count(), await count(), runs]).toEqual([1, 1, 2]);
    db.sqlite.run("update t set x = 2");
    expect([await count(), runs]).toEqual([1, 3]);
  });

  test("keeps at most `max` values, the least recently used goes first", async () => {
    const cache = new ReadCache(() => "v", 2);
    let runs = 0;
    const get = (k: string) =>
      cache.get(k, async () => {
        runs++;
        return k;
      });
    await get("a");
    await get("b");
    await get("a");
    await get("c");
    expect(cache.size).toBe(2);
    await get("a");
    expect(runs).toBe(3);
    await get("b");
    expect(runs).toBe(4);
  });
});
