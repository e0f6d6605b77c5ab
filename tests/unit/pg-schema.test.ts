/**
 * The PostgreSQL schema is the SQLite one: migrations-pg/ is in step with the module schemas (drizzle-kit finds
 * nothing to generate), and a PostgreSQL database after its migrations has, table by table, the columns (storage
 * type, nullability, default, generated), keys, indexes (columns, uniqueness, partial condition), unique
 * constraints and foreign keys of a SQLite database after its own. SQLite's full-text index (FTS5 virtual table,
 * its shadow tables and triggers) is the search's own business on each engine and is left out here.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { getTableColumns, is } from "drizzle-orm";
import { getTableConfig, type SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { openDatabase } from "../../src/db/client";
import { migrate } from "../../src/db/migrate";
import * as schema from "../../src/schema";
import { postgresSchema, upgradePostgres } from "../../src/ops/upgrade-pg";
import { UpgradeError } from "../../src/ops/upgrade";
import { loadMigrations } from "../../src/db/migrate";
import { pgShape, type Shape, sqliteShape } from "../support/db-shape";
import { withPostgres } from "../support/postgres";

const ROOT = resolve(import.meta.dir, "../..");
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Runs drizzle-kit for PostgreSQL in a temporary copy of migrations-pg/ (the real folder is never written). */
function drizzleKitPg(command: string[]) {
  const dir = mkdtempSync(join(tmpdir(), "balcao-pg-drift-"));
  dirs.push(dir);
  cpSync(join(ROOT, "migrations-pg"), join(dir, "migrations-pg"), { recursive: true });
  writeFileSync(
    join(dir, "drizzle.config.ts"),
    `export default ${JSON.stringify({ dialect: "postgresql", schema: join(ROOT, "src/schema-pg.ts"), out: "./migrations-pg" })};\n`,
  );
  const r = Bun.spawnSync([join(ROOT, "node_modules/.bin/drizzle-kit"), ...command], {
    cwd: dir,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
    timeout: 60_000,
  });
  const output = `${r.stdout.toString()}\n${r.stderr.toString()}`;
  if (r.exitCode !== 0) throw new Error(`drizzle-kit ${command.join(" ")} exited ${r.exitCode}:\n${output}`);
  return { output, dir };
}

describe("drizzle-kit (PostgreSQL)", () => {
  test("snapshots in migrations-pg/ are consistent", () => {
    expect(drizzleKitPg(["check"]).output).toContain("Everything's fine");
  }, 60_000);

  test("finds no drift between the module schemas and migrations-pg/", () => {
    const { output, dir } = drizzleKitPg(["generate", "--name", "drift-check"]);
    const created = readdirSync(join(dir, "migrations-pg")).filter((f) => f.includes("drift-check"));
    const sql = created.map((f) => readFileSync(join(dir, "migrations-pg", f), "utf8")).join("\n");
    if (created.length || !output.includes("No schema changes")) {
      throw new Error(`the module schemas and migrations-pg/ differ: run \`bun run db:generate\` and commit the migrations.\n${output}\n${sql}`);
    }
    expect(created).toEqual([]);
  }, 60_000);
});

describe("PostgreSQL migrations on an empty database", () => {
  const pg = withPostgres({ migrated: false });
  const all = loadMigrations("migrations-pg");

  test("a database newer than nothing is empty; every migration applies once", async () => {
    expect(await postgresSchema(pg.sql)).toEqual({ migrations: 0, last: 0 });
    // Two nodes booting at once: the advisory lock lets one migrate, the other then finds nothing to do.
    const [a, b] = await Promise.all([upgradePostgres(pg.sql, all), upgradePostgres(pg.sql, all)]);
    expect(a.applied + b.applied).toBe(all.length);
    expect(Math.min(a.applied, b.applied)).toBe(0);
    expect((await postgresSchema(pg.sql)).migrations).toBe(all.length);
    expect(await upgradePostgres(pg.sql, all)).toEqual({ applied: 0 });
  });

  test("a failed migration leaves the database as it was", async () => {
    const before = await pg.sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`;
    const bad = [
      ...all,
      {
        sql: ["CREATE TABLE half_done (id bigint)", "ALTER TABLE tickets ADD COLUMN x bigint", "SELECT 1/0"],
        bps: true,
        folderMillis: Date.now() + 1_000,
        hash: "bad",
      },
    ];
    const err = await upgradePostgres(pg.sql, bad).catch((e) => e);
    expect(err).toBeInstanceOf(UpgradeError);
    expect(err.message).toContain("rolled back; the database is unchanged");
    expect(err.message).toContain("division by zero");
    expect(await pg.sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`).toEqual(before);
    expect(await pg.sql`SELECT 1 FROM information_schema.columns WHERE table_name = 'tickets' AND column_name = 'x'`).toHaveLength(0);
    expect((await postgresSchema(pg.sql)).migrations).toBe(all.length);
  });

  test("a database written by a newer Balcão is refused before anything runs", async () => {
    const err = await upgradePostgres(pg.sql, all.slice(0, -1)).catch((e) => e);
    expect(err).toBeInstanceOf(UpgradeError);
    expect(err.message).toContain("written by a newer Balcão");
    expect(err.message).toContain(`schema ${all.length}, this version knows ${all.length - 1}`);
  });
});

describe("the PostgreSQL schema is the SQLite schema", () => {
  const pg = withPostgres();
  let sqlite: Shape;
  let postgres: Shape;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "balcao-shape-"));
    dirs.push(dir);
    const db = openDatabase(join(dir, "app.db"));
    try {
      migrate(db);
      sqlite = sqliteShape(db.sqlite);
    } finally {
      db.sqlite.close();
    }
    postgres = await pgShape(pg.sql);
  });

  /** Each table's columns whose schema says boolean (0/1 in both engines, smallint in PostgreSQL). */
  const booleans = new Set(
    Object.values(schema)
      .filter((t) => is(t, SQLiteTable))
      .flatMap((t) => {
        const name = getTableConfig(t as SQLiteTable).name;
        return Object.values(getTableColumns(t as SQLiteTable))
          .filter((c) => (c as SQLiteColumn).columnType === "SQLiteBoolean")
          .map((c) => `${name}.${c.name}`);
      }),
  );

  test("the same tables", () => {
    expect(Object.keys(postgres.tables).sort()).toEqual(Object.keys(sqlite.tables).sort());
    expect(Object.keys(sqlite.tables).length).toBeGreaterThan(40);
  });

  test("the same columns, in storage terms, with the same nullability, defaults, generated expressions and text comparison", () => {
    const storage: Record<string, string[]> = { integer: ["bigint"], real: ["double precision"], text: ["text"] };
    for (const [table, t] of Object.entries(sqlite.tables)) {
      const p = postgres.tables[table];
      expect({ table, columns: Object.keys(p.columns) }).toEqual({ table, columns: Object.keys(t.columns) });
      for (const [name, c] of Object.entries(t.columns)) {
        const pc = p.columns[name];
        const want = booleans.has(`${table}.${name}`) ? ["smallint"] : storage[c.type];
        expect({ column: `${table}.${name}`, type: want?.includes(pc.type) ? "ok" : `${c.type} → ${pc.type}` }).toEqual({
          column: `${table}.${name}`,
          type: "ok",
        });
        expect({
          column: `${table}.${name}`,
          notNull: pc.notNull,
          default: pc.default,
          generated: pc.generated,
          identity: pc.identity,
          collation: pc.collation,
        }).toEqual({
          column: `${table}.${name}`,
          notNull: c.notNull,
          default: c.default,
          generated: c.generated,
          identity: c.identity,
          collation: c.collation,
        });
      }
    }
  });

  test("the same primary keys, unique constraints and foreign keys", () => {
    for (const [table, t] of Object.entries(sqlite.tables)) {
      const p = postgres.tables[table];
      expect({ table, pk: p.primaryKey }).toEqual({ table, pk: t.primaryKey });
      expect({ table, unique: p.uniques }).toEqual({ table, unique: t.uniques });
      expect({ table, fks: p.foreignKeys }).toEqual({ table, fks: t.foreignKeys });
    }
  });

  test("the same indexes: name, columns and expressions, uniqueness, partial condition", () => {
    for (const [table, t] of Object.entries(sqlite.tables)) {
      expect({ table, indexes: postgres.tables[table].indexes }).toEqual({ table, indexes: t.indexes });
    }
    const count = Object.values(sqlite.tables).reduce((n, t) => n + t.indexes.length, 0);
    expect(count).toBeGreaterThan(60);
  });

  test("the SQLite functions the schema uses answer as SQLite's do (julianday)", async () => {
    const inputs = ["2026-11-26T12:03:30.123Z", "2026-11-26T12:00:00.000Z", "2026-02-28", "not a time", "", null];
    const dir = mkdtempSync(join(tmpdir(), "balcao-fn-"));
    dirs.push(dir);
    const db = openDatabase(join(dir, "app.db"));
    try {
      for (const t of inputs) {
        const want = db.sqlite.query<{ j: number | null }, [string | null]>("SELECT julianday(?) AS j").get(t)?.j ?? null;
        const [got] = await pg.sql<{ j: number | null }[]>`SELECT julianday(${t}::text) AS j`;
        expect({ t, j: got.j }).toEqual({ t, j: want });
      }
    } finally {
      db.sqlite.close();
    }
  });

  test("the comparison sees a changed default, condition, nullability or foreign key action", async () => {
    await pg.sql
      .begin(async (tx) => {
        await tx`ALTER TABLE companies ALTER COLUMN recurrence SET DEFAULT 'mensal'`;
        await tx`DROP INDEX messages_queued_idx`;
        await tx`CREATE INDEX messages_queued_idx ON messages (send_status, updated_at) WHERE send_status = 'sent'`;
        await tx`ALTER TABLE tags ALTER COLUMN color DROP NOT NULL`;
        await tx`ALTER TABLE tags ALTER COLUMN name TYPE text COLLATE "C.utf8"`;
        await tx`ALTER TABLE tickets DROP CONSTRAINT tickets_user_id_users_id_fk`;
        await tx`ALTER TABLE tickets ADD CONSTRAINT tickets_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE`;
        const changed = await pgShape(tx);
        expect(changed.tables.companies.columns.recurrence.default).not.toBe(sqlite.tables.companies.columns.recurrence.default);
        expect(changed.tables.messages.indexes).not.toEqual(sqlite.tables.messages.indexes);
        expect(changed.tables.tags.columns.color.notNull).not.toBe(sqlite.tables.tags.columns.color.notNull);
        expect(changed.tables.tags.columns.name.collation).not.toBe(sqlite.tables.tags.columns.name.collation);
        expect(changed.tables.tickets.foreignKeys).not.toEqual(sqlite.tables.tickets.foreignKeys);
        throw new Error("roll back");
      })
      .catch((e) => expect(String(e)).toContain("roll back"));
    expect(await pgShape(pg.sql)).toEqual(postgres);
  });
});
