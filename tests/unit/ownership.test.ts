/**
 * A module owns its tables (docs/ARCHITECTURE.md), by declaration: the folder whose schema.ts declares
 * a table (a module, a channel, the database engine) is its only writer. Every table is discovered from
 * the schema files' exports, so a new table is covered without editing this test. A write is a drizzle
 * insert/update/delete on the table (under its own name or an alias) or raw SQL INSERT/UPDATE/DELETE/
 * REPLACE naming it; a write through a generic table (`table as any`) is refused everywhere. The ticket
 * lifecycle is stricter still: only its files write tickets, their tracking and the ratings.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";

const ROOT = join(import.meta.dir, "../..");
const LIFECYCLE = /^src\/modules\/tickets\/lifecycle(-[a-z]+)?\.ts$/;
/** Tables whose writers are fewer than their folder's files. */
const STRICTER: Record<string, RegExp> = { tickets: LIFECYCLE, ticket_tracking: LIFECYCLE, user_ratings: LIFECYCLE };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const stripComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
const escapeDollar = (s: string) => s.replace(/[$]/g, "\\$");

/** A declared table: its export name, its SQL name and the folder that declares it. */
export interface Declared {
  name: string;
  sqlName: string;
  folder: string;
}

/** Every table exported by the schema files (a file named schema.ts, or *-schema.ts in src/db). */
export async function declaredTables(): Promise<Declared[]> {
  const schemas = sourceFiles(join(ROOT, "src")).filter((f) => /\/schema\.ts$|\/db\/[\w-]+-schema\.ts$/.test(f) && !f.endsWith("src/schema.ts"));
  const out: Declared[] = [];
  for (const file of schemas) {
    const mod = (await import(file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (is(value, SQLiteTable)) out.push({ name, sqlName: getTableConfig(value).name, folder: `${relative(ROOT, dirname(file))}/` });
    }
  }
  return out;
}

/** The names a file knows a table by: its export name and any `import { x as y }` alias. */
function namesOf(code: string, table: string): string[] {
  const names = [table];
  for (const m of code.matchAll(new RegExp(`\\b${escapeDollar(table)}\\s+as\\s+(\\w+)`, "g"))) names.push(m[1]);
  return names;
}

/** The writes to `table` a piece of code makes (query builder calls and raw SQL). */
export function writesTo(code: string, table: string, sqlName: string): string[] {
  const src = stripComments(code);
  const found: string[] = [];
  for (const name of namesOf(src, table)) {
    const builder = new RegExp(`\\.(insert|update|delete)\\(\\s*${escapeDollar(name)}\\s*\\)`, "g");
    const interpolated = new RegExp(
      `\\b(insert\\s+(or\\s+\\w+\\s+)?into|replace\\s+into|update|delete\\s+from)\\s+\\$\\{\\s*${escapeDollar(name)}\\s*\\}`,
      "gi",
    );
    found.push(...(src.match(builder) ?? []), ...(src.match(interpolated) ?? []));
  }
  const raw = new RegExp(`\\b(insert\\s+(or\\s+\\w+\\s+)?into|replace\\s+into|update|delete\\s+from)\\s+[\`"']?${sqlName}\\b`, "gi");
  return [...found, ...(src.match(raw) ?? [])];
}

/** Writes through a table cast to `any` (which no declaration can own). */
export function genericWrites(code: string): string[] {
  const src = stripComments(code);
  const found = [...(src.match(/\.(insert|update|delete)\(\s*[\w.]+\s+as\s+any\s*\)/g) ?? [])];
  for (const m of src.matchAll(/\b(?:const|let)\s+(\w+)\s*=\s*[\w.]+\s+as\s+any\b/g)) {
    found.push(...(src.match(new RegExp(`\\.(insert|update|delete)\\(\\s*${m[1]}\\s*\\)`, "g")) ?? []));
  }
  return found;
}

describe("the scanner", () => {
  test("sees builder writes, aliases, raw and interpolated SQL writes (and not reads or comments)", () => {
    expect(writesTo("db.update(tickets).set({})", "tickets", "tickets")).toHaveLength(1);
    expect(writesTo("tx.insert( ticketTracking )", "ticketTracking", "ticket_tracking")).toHaveLength(1);
    expect(writesTo("tx.run(sql`UPDATE tickets SET status = 'closed'`)", "tickets", "tickets")).toHaveLength(1);
    expect(writesTo("db.run(sql`delete from ${tickets} where id = 1`)", "tickets", "tickets")).toHaveLength(1);
    expect(writesTo("sqlite.run('INSERT OR REPLACE INTO tickets VALUES (1)')", "tickets", "tickets")).toHaveLength(1);
    expect(writesTo("sqlite.run('REPLACE INTO tickets VALUES (1)')", "tickets", "tickets")).toHaveLength(1);
    expect(writesTo('import { tickets as t } from "../tickets";\ndb.delete(t).run();', "tickets", "tickets")).toHaveLength(1);
    expect(writesTo("db.select().from(tickets) // update(tickets)", "tickets", "tickets")).toHaveLength(0);
  });

  test("sees a write through a generic table", () => {
    expect(genericWrites("const t = table as any;\ndb.update(t).set({})")).toHaveLength(1);
    expect(genericWrites("db.insert(table as any).values({})")).toHaveLength(1);
    expect(genericWrites("const n = x as any; map.get(n)")).toHaveLength(0);
  });
});

const files = sourceFiles(join(ROOT, "src")).map((f) => ({ path: relative(ROOT, f), code: readFileSync(f, "utf8") }));
const tables = await declaredTables();

describe("table ownership", () => {
  test("the tables are discovered from the declarations (a new one is covered by itself)", () => {
    const names = tables.map((t) => t.sqlName);
    for (const known of [
      "tickets",
      "messages",
      "contacts",
      "ticket_tags",
      "wa_auth",
      "sandbox_messages",
      "cloud_api_windows",
      "instance_lock",
      "queue_options",
    ]) {
      expect(names).toContain(known);
    }
    expect(tables.length).toBeGreaterThanOrEqual(45);
  });

  for (const t of tables) {
    const owner = STRICTER[t.sqlName];
    test(`only ${owner ? owner.source : t.folder} writes ${t.sqlName}`, () => {
      const allowed = (path: string) => (owner ? owner.test(path) : path.startsWith(t.folder));
      const offenders = files.filter((f) => !allowed(f.path) && writesTo(f.code, t.name, t.sqlName).length).map((f) => f.path);
      expect(offenders).toEqual([]);
    });
  }

  test("no write goes through a generic table", () => {
    expect(files.filter((f) => genericWrites(f.code).length).map((f) => f.path)).toEqual([]);
  });
});
