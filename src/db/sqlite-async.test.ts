import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { asyncTransactions } from "./sqlite-async";

const items = sqliteTable("items", { id: integer("id").primaryKey({ autoIncrement: true }), name: text("name").notNull() });

function open() {
  const sqlite = new Database(":memory:");
  sqlite.run("create table items (id integer primary key autoincrement, name text not null unique)");
  const db = drizzle(sqlite);
  const inner = drizzle(sqlite);
  const gate = asyncTransactions(sqlite, db, inner);
  return { sqlite, db, gate };
}
const names = async (db: ReturnType<typeof open>["db"]) => (await db.select().from(items).orderBy(items.id)).map((r) => r.name);
const tick = () => new Promise((r) => setTimeout(r, 5));

describe("async transactions on bun:sqlite", () => {
  test("a transaction's statements after an await stay inside it, and a failure rolls all of them back", async () => {
    const { db } = open();
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(items).values({ name: "a" });
        await tick();
        await tx.insert(items).values({ name: "b" });
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await names(db)).toEqual([]);
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(items).values({ name: "a" }).returning();
      await tick();
      await tx.update(items).set({ name: "a2" }).where(eq(items.id, row.id));
      return row.id;
    });
    expect(id).toBe(1);
    expect(await names(db)).toEqual(["a2"]);
  });

  test("a statement through db waits while a transaction is open: it neither sees uncommitted rows nor joins it", async () => {
    const { db } = open();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = db.transaction(async (t) => {
      await t.insert(items).values({ name: "inside" });
      await held;
      throw new Error("rolled back");
    });
    await tick();
    const read = names(db);
    const write = db.insert(items).values({ name: "outside" }).returning();
    let settled = false;
    void read.then(() => (settled = true));
    await tick();
    expect(settled).toBe(false);
    release();
    await expect(tx).rejects.toThrow("rolled back");
    expect(await read).toEqual([]);
    expect((await write)[0].name).toBe("outside");
    expect(await names(db)).toEqual(["outside"]);
  });

  test("transactions run one after the other, in the order they were asked for", async () => {
    const { db } = open();
    const order: string[] = [];
    const run = (name: string) =>
      db.transaction(async (tx) => {
        order.push(`begin ${name}`);
        await tick();
        await tx.insert(items).values({ name });
        order.push(`end ${name}`);
      });
    await Promise.all([run("a"), run("b"), run("c")]);
    expect(order).toEqual(["begin a", "end a", "begin b", "end b", "begin c", "end c"]);
    expect(await names(db)).toEqual(["a", "b", "c"]);
  });

  test("a nested transaction is a savepoint: its failure rolls back only its own statements", async () => {
    const { db } = open();
    await db.transaction(async (tx) => {
      await tx.insert(items).values({ name: "kept" });
      await expect(
        tx.transaction(async (sp) => {
          await sp.insert(items).values({ name: "dropped" });
          await sp.insert(items).values({ name: "kept" }); // unique: fails
        }),
      ).rejects.toThrow();
      await tx.transaction(async (sp) => {
        await sp.insert(items).values({ name: "second" });
      });
    });
    expect(await names(db)).toEqual(["kept", "second"]);
  });

  test("a unique violation at COMMIT time or inside leaves the gate open for the next transaction", async () => {
    const { db, gate } = open();
    await db.insert(items).values({ name: "x" });
    await expect(db.transaction(async (tx) => tx.insert(items).values({ name: "x" }))).rejects.toThrow();
    expect(gate.busy).toBe(false);
    await db.transaction(async (tx) => tx.insert(items).values({ name: "y" }));
    expect(await names(db)).toEqual(["x", "y"]);
  });

  test("a statement through db issued inside the transaction fails at once (it would wait for itself), and the transaction rolls back", async () => {
    const { db, gate } = open();
    const started = Date.now();
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(items).values({ name: "inside" });
        await db.select().from(items);
      }),
    ).rejects.toThrow("use the transaction's handle");
    await expect(db.transaction(async () => db.transaction(async () => 1))).rejects.toThrow("tx.transaction()");
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(gate.busy).toBe(false);
    expect(await names(db)).toEqual([]);
  });

  test("a statement through db from work the transaction started but did not await waits for the commit instead of failing", async () => {
    const { db } = open();
    let later!: Promise<string[]>;
    await db.transaction(async (tx) => {
      await tx.insert(items).values({ name: "a" });
      later = new Promise((r) => setTimeout(r, 0)).then(() => names(db));
    });
    await db.transaction(async (tx) => {
      await tx.insert(items).values({ name: "b" });
      await tick();
    });
    expect(await later).toEqual(["a", "b"]); // it waited for the second commit
  });
});
