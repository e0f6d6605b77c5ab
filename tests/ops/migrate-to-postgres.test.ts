/**
 * `balcao migrate-to-postgres <url>` on a populated installation: companies, users, queues, contacts, tickets and
 * messages from the benchmarks' generator, a paired WhatsApp connection's credentials and Signal keys, media rows,
 * and at least one row in every other table (campaigns with shipments, lists, schedules, chats…). After the copy
 * every table holds the same rows in PostgreSQL (same ids, same values after the type mapping), sequences give
 * ids past every id SQLite gave, Baileys' keys are the same bytes; a non-empty target is refused; a failed copy
 * leaves the target as it was and a re-run succeeds; a data folder in use is refused; the source is never written.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BufferJSON, initAuthCreds, proto } from "baileys";
import postgres from "postgres";
import { generate } from "../../bench/lib/generate";
import { SqliteAuthStore } from "../../src/channels/baileys/auth-store";
import { loadConfig } from "../../src/config";
import { openDatabase } from "../../src/db/client";
import * as schema from "../../src/schema";
import { copyPlan, NOT_COPIED } from "../../src/ops/copy-tables";
import { CliError } from "../../src/ops/commands";
import { migrateToPostgres } from "../../src/ops/migrate-to-postgres";
import { createTestDatabase } from "../support/postgres";
import { fillEveryTable } from "../support/fill-tables";
import { balcaoEnv, runBalcao, spawnBalcao } from "./processes";

const dir = mkdtempSync(join(tmpdir(), "balcao-move-"));
const dbPath = join(dir, "app.db");
const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dir, LOG_LEVEL: "silent" }, { readOnly: true });
const plans = copyPlan(schema);
const dropLater: (() => Promise<void>)[] = [];
let connectionId = 0;
let creds: ReturnType<typeof initAuthCreds>;
const keys = {
  "pre-key": { "1": { public: randomBytes(32), private: randomBytes(32) }, "2": { public: randomBytes(32), private: randomBytes(32) } },
  session: { "5511988887777.0": randomBytes(600), "5511988887777:2.0": randomBytes(480) },
  "sender-key": { "120363000000000000@g.us::5511988887777::0": randomBytes(200) },
  "app-state-sync-key": { AAAAAA: proto.Message.AppStateSyncKeyData.create({ keyData: randomBytes(32), timestamp: 1_700_000_000 }) },
  "lid-mapping": { "5511988887777": "123456789012345" },
};

/** Every row of a table, all columns (generated ones too), in one canonical order. */
const sqliteRows = (table: string) => {
  const db = openDatabase(dbPath);
  try {
    return canonical(db.sqlite.query<Record<string, unknown>, []>(`SELECT * FROM "${table}"`).all());
  } finally {
    db.sqlite.close();
  }
};
const canonical = (rows: Record<string, unknown>[]) =>
  rows
    .map((r) =>
      Object.fromEntries(
        Object.keys(r)
          .sort()
          .map((k) => [k, r[k]]),
      ),
    )
    .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
const fileHash = () => createHash("sha256").update(readFileSync(dbPath)).digest("hex");

beforeAll(async () => {
  await generate(dbPath, { tickets: 200, contacts: 60, messages: 2_000, bigTicket: 100 });
  const db = openDatabase(dbPath);
  try {
    connectionId = db.sqlite.query<{ id: number }, []>("SELECT min(id) AS id FROM whatsapps").get()?.id ?? 0;
    db.sqlite.run("UPDATE whatsapps SET channel = 'baileys', status = 'CONNECTED' WHERE id = ?", [connectionId]);
    // A paired connection: its creds (with the account Baileys checks) and Signal keys of every kind it keeps.
    creds = initAuthCreds();
    creds.me = { id: "5511999990000:7@s.whatsapp.net", name: "Loja Álvaro" };
    creds.account = { details: randomBytes(40), accountSignatureKey: randomBytes(32), accountSignature: randomBytes(64), deviceSignature: randomBytes(64) };
    const store = new SqliteAuthStore(db.sqlite);
    store.writeCreds(connectionId, creds);
    await store.keys(connectionId).set(keys);
    // Media rows, a name only PostgreSQL's default locale would change case of, a NUL PostgreSQL cannot store.
    db.sqlite.run(
      "UPDATE messages SET media_url = 'media/1/abc.jpg', media_type = 'image', body = 'foto.jpg' WHERE id IN (SELECT id FROM messages ORDER BY id LIMIT 3)",
    );
    db.sqlite.run("UPDATE contacts SET name = 'Ωmega Ébano Zé' WHERE id = (SELECT min(id) FROM contacts)");
    db.sqlite.run("UPDATE messages SET body = 'antes' || char(0) || 'depois' WHERE id = (SELECT max(id) FROM messages)");
    fillEveryTable(db.sqlite, plans);
    // A deleted newest tag: SQLite never gives its id again (AUTOINCREMENT), nor may PostgreSQL.
    db.sqlite.run("DELETE FROM tags WHERE id = (SELECT max(id) FROM tags)");
    // Everything into app.db now: a close that waits for garbage collection (cached statements) would
    // otherwise checkpoint the WAL into the file later, in the middle of the "only read" check.
    db.sqlite.run("PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    db.sqlite.close();
  }
}, 120_000);

afterAll(async () => {
  for (const drop of dropLater) await drop();
  rmSync(dir, { recursive: true, force: true });
});

/** An empty database on the test cluster, dropped after the file. */
async function emptyTarget() {
  const t = await createTestDatabase({ migrated: false });
  dropLater.push(t.drop);
  return t.url;
}

describe("migrate-to-postgres", () => {
  let url = "";
  let sql: postgres.Sql;
  let output = "";
  let before = "";

  beforeAll(async () => {
    url = await emptyTarget();
    sql = postgres(url, { max: 2, onnotice: () => {}, types: { int8: { to: 20, from: [20], serialize: String, parse: Number } } });
    before = fileHash();
    // Trust authentication ignores the password: it is there to be hidden in the report.
    const withPassword = url.replace("postgres://postgres@", "postgres://postgres:not-shown-pw@");
    const r = await runBalcao(["src/cli.ts", "migrate-to-postgres", withPassword], balcaoEnv(dir, { LOG_LEVEL: "silent" }), [], 120_000);
    output = r.output;
    expect({ code: r.code, output: r.output }).toEqual({ code: 0, output: expect.any(String) });
  }, 180_000);
  afterAll(() => sql?.end());

  test("every table is populated in SQLite before the move", () => {
    const empty = plans.filter((p) => !NOT_COPIED[p.name] && sqliteRows(p.name).length === 0).map((p) => p.name);
    expect(empty).toEqual([]);
  });

  test("every table holds the same rows in PostgreSQL, ids and values included", async () => {
    for (const { name } of plans) {
      if (NOT_COPIED[name]) continue;
      const want = sqliteRows(name).map((r) => (name === "messages" && typeof r.body === "string" ? { ...r, body: r.body.replace("\u0000", "\uFFFD") } : r));
      const got = canonical(await sql.unsafe(`SELECT * FROM "${name}"`));
      expect({ table: name, rows: got }).toEqual({ table: name, rows: want });
    }
  });

  test("the report lists each table's count, and the NUL that PostgreSQL cannot store", () => {
    const messages = sqliteRows("messages").length;
    expect(output).toMatch(new RegExp(`messages\\s+${messages} rows\\s+copied, counts equal`));
    expect(output).toContain("instance_lock");
    expect(output).toContain("1 text values held a NUL character");
    expect(output).toContain("media files, secrets.json and backups stay in");
    expect(output).toContain("postgres://postgres:***@");
    expect(output).not.toContain("not-shown-pw");
  });

  test("Baileys credentials and Signal keys are the same bytes, and read back as the same keys", async () => {
    const want = sqliteRows("wa_auth");
    const got = canonical(await sql`SELECT * FROM wa_auth`);
    expect(got).toEqual(want);
    expect(got.length).toBe(1 + Object.values(keys).reduce((n, k) => n + Object.keys(k).length, 0));
    const row = got.find((r) => r.kind === "creds") as { value: string };
    const decoded = JSON.parse(row.value, BufferJSON.reviver);
    expect(decoded.me).toEqual(creds.me);
    expect(Buffer.from(decoded.account.details).equals(Buffer.from(creds.account?.details as Uint8Array))).toBe(true);
    expect(Buffer.from(decoded.noiseKey.private).equals(Buffer.from(creds.noiseKey.private))).toBe(true);
    const session = (got.find((r) => r.kind === "session" && r.key_id === "5511988887777.0") as { value: string }).value;
    expect(Buffer.from(JSON.parse(session, BufferJSON.reviver)).equals(keys.session["5511988887777.0"])).toBe(true);
  });

  test("every identity sequence gives ids past every id SQLite gave (deleted ones included)", async () => {
    const db = openDatabase(dbPath);
    try {
      for (const p of plans) {
        if (!p.identity || NOT_COPIED[p.name]) continue;
        const max = db.sqlite.query<{ m: number | null }, []>(`SELECT max("${p.identity}") AS m FROM "${p.name}"`).get()?.m ?? 0;
        const seq = db.sqlite.query<{ s: number }, [string]>("SELECT seq AS s FROM sqlite_sequence WHERE name = ?").get(p.name)?.s ?? 0;
        const [next] = await sql`SELECT nextval(pg_get_serial_sequence(${`"${p.name}"`}, ${p.identity})) AS n`;
        expect({ table: p.name, next: next.n > Math.max(max, seq) }).toEqual({ table: p.name, next: true });
      }
      const tagSeq = db.sqlite.query<{ s: number }, []>("SELECT seq AS s FROM sqlite_sequence WHERE name = 'tags'").get()?.s ?? 0;
      expect(tagSeq).toBeGreaterThan(db.sqlite.query<{ m: number }, []>("SELECT max(id) AS m FROM tags").get()?.m ?? 0);
    } finally {
      db.sqlite.close();
    }
  });

  test("the PostgreSQL migrations are applied; the SQLite file was only read", async () => {
    const [m] = await sql`SELECT count(*) AS n FROM drizzle.__drizzle_migrations`;
    expect(m.n).toBeGreaterThan(0);
    expect(fileHash()).toBe(before);
  });

  test("a target with rows is refused, and left as it was", async () => {
    const [{ n }] = await sql`SELECT count(*) AS n FROM messages`;
    const err = await migrateToPostgres(config, url, { tables: schema }).catch((e) => e);
    expect(err).toBeInstanceOf(CliError);
    expect(err.message).toContain("the target database is not empty (rows in ");
    expect(err.message).toMatch(/and \d+ more tables/);
    expect((await sql`SELECT count(*) AS n FROM messages`)[0].n).toBe(n);
  });
});

describe("migrate-to-postgres into a database Balcão already migrated", () => {
  test("empty tables are accepted (rows written one by one, trees parents first); one row anywhere is refused", async () => {
    const target = await createTestDatabase();
    dropLater.push(target.drop);
    const sql = postgres(target.url, { max: 1, onnotice: () => {} });
    try {
      await sql`INSERT INTO plans (name, created_at, updated_at) VALUES ('Plano', '2026-01-01', '2026-01-01')`;
      const err = await migrateToPostgres(config, target.url, { tables: schema }).catch((e) => e);
      expect(err).toBeInstanceOf(CliError);
      expect(err.message).toContain("the target database is not empty (rows in plans)");
      await sql`DELETE FROM plans`;
      // One row per insert: a child written before its parent would be refused (queue_options' tree).
      const report = await migrateToPostgres(config, target.url, { tables: schema, batchRows: 1 });
      expect(report.tables.find((t) => t.table === "plans")?.copied).toBe(sqliteRows("plans").length);
      expect((await sql`SELECT count(*)::int AS n FROM messages`)[0].n).toBe(sqliteRows("messages").length);
    } finally {
      await sql.end();
    }
  }, 120_000);
});

describe("migrate-to-postgres after a failure", () => {
  test("a copy that fails leaves the target empty, and running it again succeeds", async () => {
    const url = await emptyTarget();
    const err = await migrateToPostgres(config, url, {
      tables: schema,
      beforeVerify: async () => {
        throw new Error("the machine lost power");
      },
    }).catch((e) => e);
    expect(err).toBeInstanceOf(CliError);
    expect(err.message).toContain("rolled back: the PostgreSQL database is as it was before");
    expect(err.message).toContain("the machine lost power");
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      expect(await sql`SELECT table_name FROM information_schema.tables WHERE table_schema IN ('public', 'drizzle')`).toHaveLength(0);
      const report = await migrateToPostgres(config, url, { tables: schema });
      const copied = report.tables.filter((t) => t.copied !== null);
      expect(copied.length).toBe(plans.length - Object.keys(NOT_COPIED).length);
      for (const t of copied) expect({ table: t.table, copied: t.copied }).toEqual({ table: t.table, copied: t.rows });
      expect((await sql`SELECT count(*)::int AS n FROM messages`)[0].n).toBe(sqliteRows("messages").length);
    } finally {
      await sql.end();
    }
  }, 120_000);

  test("a data folder in use by another process is refused before anything is read", async () => {
    const url = await emptyTarget();
    const holder = spawnBalcao(
      [
        "-e",
        `const { holdDataFolder } = await import("./src/db/instance-lock"); await holdDataFolder(${JSON.stringify(dir)}, "server"); console.log("held"); await Bun.sleep(60000);`,
      ],
      balcaoEnv(dir),
    );
    try {
      for (let i = 0; i < 200 && !holder.output().includes("held"); i++) await Bun.sleep(50);
      const err = await migrateToPostgres(config, url, { tables: schema }).catch((e) => e);
      expect(err).toBeInstanceOf(CliError);
      expect(err.message).toContain("migrate-to-postgres refused: the data folder");
      expect(err.message).toContain("only one Balcão process may use a data folder");
    } finally {
      await holder.kill("SIGKILL");
    }
  }, 60_000);

  test("a URL that is not PostgreSQL's is wrong usage", async () => {
    const err = await migrateToPostgres(config, "mysql://x@localhost/db", { tables: schema }).catch((e) => e);
    expect(err).toBeInstanceOf(CliError);
    expect(err.code).toBe(2);
  });
});
