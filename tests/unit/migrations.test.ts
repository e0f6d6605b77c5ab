import { afterAll, describe, expect, test } from "bun:test";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { openDatabase } from "../../src/db/client";
import { loadMigrations, migrate } from "../../src/db/migrate";
import * as schema from "../../src/schema";

const ROOT = resolve(import.meta.dir, "../..");
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Every table declared in src/schema.ts (what the modules own today). */
const schemaTables = Object.values(schema)
  .filter((t) => is(t, SQLiteTable))
  .map((t) => getTableName(t as SQLiteTable))
  .sort();

describe("migrations on an empty database", () => {
  const dir = tempDir("balcao-migrate-");
  const db = openDatabase(join(dir, "app.db"));
  afterAll(() => db.sqlite.close());
  const objects = () =>
    db.sqlite
      .query<{ type: string; name: string; sql: string | null }, []>(
        "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name",
      )
      .all();
  const applied = () => db.sqlite.query<{ n: number }, []>("SELECT count(*) AS n FROM __drizzle_migrations").get()?.n ?? 0;

  test("every journal entry has its SQL file", () => {
    const journal = JSON.parse(readFileSync(join(ROOT, "migrations/meta/_journal.json"), "utf8"));
    const files = readdirSync(join(ROOT, "migrations")).filter((f) => f.endsWith(".sql"));
    for (const e of journal.entries) expect(files).toContain(`${e.tag}.sql`);
    expect(loadMigrations().length).toBe(journal.entries.length);
  });

  test("apply and create every table of src/schema.ts", () => {
    migrate(db);
    const tables = new Set(
      objects()
        .filter((o) => o.type === "table")
        .map((o) => o.name),
    );
    expect(schemaTables.length).toBeGreaterThan(0);
    expect(schemaTables.filter((t) => !tables.has(t))).toEqual([]);
    expect(applied()).toBe(loadMigrations().length);
  });

  test("running them again is a no-op", () => {
    const before = objects();
    const count = applied();
    migrate(db);
    expect(objects()).toEqual(before);
    expect(applied()).toBe(count);
  });

  test("foreign keys are consistent on the migrated schema", () => {
    expect(db.sqlite.query("PRAGMA foreign_key_check").all()).toEqual([]);
  });
});

/**
 * Runs drizzle-kit in a temporary folder holding a copy of migrations/ (the real folder is never
 * written) with the current src/schema.ts. drizzle-kit exits 0 even on errors, so the output is read.
 */
function drizzleKit(command: string[]): { output: string; dir: string } {
  const dir = tempDir("balcao-drift-");
  cpSync(join(ROOT, "migrations"), join(dir, "migrations"), { recursive: true });
  writeFileSync(
    join(dir, "drizzle.config.ts"),
    `export default ${JSON.stringify({ dialect: "sqlite", schema: join(ROOT, "src/schema.ts"), out: "./migrations" })};\n`,
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

describe("drizzle-kit", () => {
  test("snapshots in migrations/ are consistent (no colliding migrations)", () => {
    const { output } = drizzleKit(["check"]);
    expect(output).toContain("Everything's fine");
  }, 60_000);

  test("finds no drift between src/schema.ts and migrations/", () => {
    const { output, dir } = drizzleKit(["generate", "--name", "drift-check"]);
    const created = readdirSync(join(dir, "migrations")).filter((f) => f.includes("drift-check"));
    const sql = created.map((f) => readFileSync(join(dir, "migrations", f), "utf8")).join("\n");
    if (created.length || !output.includes("No schema changes")) {
      throw new Error(`src/schema.ts and migrations/ differ: run \`bun run db:generate\` and commit the migration.\n${output}\n${sql}`);
    }
    expect(created).toEqual([]);
  }, 60_000);
});

describe("data migrations", () => {
  test("0031: existing stretches of service take their ticket's contact (the dashboard's leads)", () => {
    const db = openDatabase(join(tempDir("balcao-migrate-0031-"), "app.db"));
    try {
      const all = loadMigrations();
      const at = JSON.parse(readFileSync(join(ROOT, "migrations/meta/_journal.json"), "utf8")).entries.findIndex(
        (e: { tag: string }) => e.tag === "0031_noisy_vertigo",
      );
      expect(at).toBeGreaterThan(0);
      // biome-ignore lint/suspicious/noExplicitAny: drizzle's dialect/session, as in src/db/migrate.ts
      const d = db as any;
      d.dialect.migrate(all.slice(0, at), d.session, { migrationsFolder: "migrations" });
      const now = new Date().toISOString();
      // Only the two tables the migration reads (their references are beside the point here).
      db.sqlite.run("PRAGMA foreign_keys = OFF");
      db.sqlite.run("INSERT INTO tickets (id, uuid, company_id, status, contact_id, created_at, updated_at) VALUES (3, 't', 1, 'closed', 7, ?, ?)", [now, now]);
      db.sqlite.run("INSERT INTO ticket_tracking (ticket_id, company_id, queued_at, created_at) VALUES (3, 1, ?, ?)", [now, now]);
      migrate(db);
      expect(db.sqlite.query("SELECT contact_id FROM ticket_tracking").all()).toEqual([{ contact_id: 7 }]);
    } finally {
      db.sqlite.close();
    }
    // Every migration applied to a new file: seconds on a busy machine (as the tests above).
  }, 60_000);
});
