import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * The services await every statement, so the same code can run on PostgreSQL: drizzle's synchronous
 * terminal calls (`.get()`, `.all()`, `.run()`, `.values()` on a query builder) belong to the engine layer
 * (src/db) only. Raw bun:sqlite (`db.sqlite`) outside src/db is engine-specific work, listed here with why.
 */
const ROOT = join(import.meta.dir, "../..");

/** Files outside src/db that use bun:sqlite directly, and why (each needs its PostgreSQL twin or a guard). */
const RAW_SQLITE: Record<string, string> = {
  "src/channels/baileys/index.ts": "Baileys' auth store: SqliteAuthStore writes through bun:sqlite synchronously (PostgreSQL: auth-store-pg.ts)",
  "src/modules/contacts/queries.ts": "the contact import's bulk upsert: compiled statements in one transaction (PostgreSQL: upsertContactsBulkPg)",
  "src/modules/dashboard/service.ts":
    "the dashboard's figures: bun:sqlite's compiled statements (PostgreSQL: the same statements unprepared through figures-pg.ts, perUser as PER_USER_PG)",
  "src/modules/messages/search-index.ts": "FTS5: drift per company and the rebuild (PostgreSQL: search-index-pg.ts)",
  "src/modules/messages/service.ts": "the newest unread message through `indexed by` (SQLite's planner hint)",
  "src/ops/backup.ts": "VACUUM INTO and the migrations journal (refused on PostgreSQL: PostgreSQL's tools back it up)",
  "src/ops/commands.ts": "closes the database the command opened",
  "src/ops/doctor.ts": "quick_check and sqlite_master",
  "src/ops/health.ts": "SQLite's readiness: BEGIN IMMEDIATE probe and the migrations journal (PostgreSQL: select and drizzle's PG journal)",
  "src/ops/migrate-to-postgres.ts": "reads the SQLite installation it copies",
  "src/ops/restore.ts": "checkpoints and closes the database it replaces",
};

const DRIZZLE_CHAIN =
  /\.(select|selectDistinct|insert|update|delete)\(|\.from\(|\.returning\(|\.onConflictDo|\.innerJoin\(|\.leftJoin\(|\.orderBy\(|\.groupBy\(/;

/** The expression a call at `end` is made on: walks back over the chain (balanced brackets) to its start. */
function receiverOf(text: string, end: number): string {
  let depth = 0;
  let i = end - 1;
  for (; i >= 0; i--) {
    const c = text[i];
    if (c === ")" || c === "]" || c === "}") depth++;
    else if (c === "(" || c === "[" || c === "{") {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && (c === ";" || c === "," || (c === "=" && text[i + 1] !== ">") || c === "?" || c === ":")) break;
  }
  return text.slice(i + 1, end);
}

/** Where a source calls a drizzle builder's synchronous terminal (`line: text`). */
function syncTerminals(source: string): string[] {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, " ")).replace(/\/\/[^\n]*/g, (m) => " ".repeat(m.length));
  const out: string[] = [];
  for (const m of text.matchAll(/\.(get|all|run|values)\(\s*\)/g)) {
    const chain = receiverOf(text, m.index);
    if (!DRIZZLE_CHAIN.test(chain)) continue;
    if (/\.(query|prepare)\(\s*[`"']/.test(chain)) continue; // bun:sqlite's own statements
    out.push(`${text.slice(0, m.index).split("\n").length}: ${chain.trim().replace(/\s+/g, " ").slice(0, 80)}.${m[1]}()`);
  }
  return out;
}

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (name.endsWith(".ts") && !name.endsWith(".test.ts")) out.push(path);
  }
  return out;
}

const files = sources(join(ROOT, "src"))
  .map((p) => relative(ROOT, p))
  .filter((p) => !p.startsWith("src/db/"));

describe("the engine boundary", () => {
  test("the finder sees a builder's synchronous terminal and leaves awaited builders, raw statements and maps alone", () => {
    const sample = [
      "const a = db.select().from(t).where(eq(t.id, 1)).get();",
      "const b = db\n  .update(t)\n  .set({ x: 1 })\n  .where(eq(t.id, id))\n  .returning()\n  .all();",
      "db.insert(t).values({ x: 1 }).onConflictDoNothing().run();",
      "const c = (await db.select().from(t).limit(1))[0];",
      'const d = db.sqlite.query("select count(*) from t").get();',
      "for (const v of byId.values()) use(v);",
      "await entry.def.run();",
      "// db.select().from(t).all() in a comment",
    ].join("\n");
    expect(syncTerminals(sample).map((s) => s.split(":")[0])).toEqual(["1", "7", "8"]);
  });

  test("no drizzle builder outside src/db ends in .get(), .all(), .run() or .values(): every statement is awaited", () => {
    const found = files.flatMap((f) => syncTerminals(readFileSync(join(ROOT, f), "utf8")).map((s) => `${f}:${s}`));
    expect(found).toEqual([]);
  });

  test("bun:sqlite is used directly only where listed, each with its reason", () => {
    const users = files.filter((f) => /\.sqlite\b|\$client\b/.test(readFileSync(join(ROOT, f), "utf8").replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, "")));
    expect(users.sort()).toEqual(Object.keys(RAW_SQLITE).sort());
  });
});
