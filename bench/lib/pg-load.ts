/**
 * Loads a SQLite data set (bench/lib/generate.ts) into an empty PostgreSQL database, for the PostgreSQL
 * search figures (bench/search-pg.ts): the tables in their derived PostgreSQL form (src/db/pg-schema.ts,
 * DDL by drizzle-kit), every row by COPY, then keys, indexes, identity sequences past the ids, the
 * search index (rebuildSearchIndexPg, timed), ANALYZE.
 * A bench helper, not the `migrate-to-postgres` copier (that one verifies counts and resumes).
 */
import { Database } from "bun:sqlite";
import type postgres from "postgres";
import { rebuildSearchIndexPg } from "../../src/modules/messages/search-index-pg";
import { pgSchemaStatements } from "../../tests/helpers/pg-cluster";

/** COPY's text format: backslash, tab, newline and carriage return escaped; null as \N. */
function copyField(v: unknown): string {
  if (v === null || v === undefined) return "\\N";
  if (typeof v !== "string") return String(v);
  return v.replace(/[\\\t\n\r]/g, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r"));
}

/** Copies every table of the SQLite file at `path` into `sql`'s (empty) database. Answers rows per table and seconds per step. */
export async function loadIntoPostgres(sql: postgres.Sql, path: string) {
  const t0 = performance.now();
  const statements = await pgSchemaStatements();
  const creates = statements.filter((s) => s.startsWith("CREATE TABLE"));
  for (const s of creates) await sql.unsafe(s);
  const lite = new Database(path, { readonly: true });
  const counts: Record<string, number> = {};
  const tables = (await sql<{ table_name: string }[]>`select table_name from information_schema.tables where table_schema = 'public'`).map((r) => r.table_name);
  for (const table of tables) {
    const cols = (
      await sql<{ column_name: string }[]>`select column_name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`
    ).map((r) => r.column_name);
    const list = cols.map((c) => `"${c}"`).join(", ");
    const stmt = lite.query(`select ${list} from "${table}"`);
    const writable = await sql.unsafe(`copy "${table}" (${list}) from stdin`).writable();
    let n = 0;
    let chunk = "";
    for (const row of stmt.iterate() as Iterable<Record<string, unknown>>) {
      chunk += `${cols.map((c) => copyField(row[c])).join("\t")}\n`;
      n++;
      if (chunk.length > 1 << 20) {
        if (!writable.write(chunk)) await new Promise((r) => writable.once("drain", r));
        chunk = "";
      }
    }
    await new Promise<void>((resolve, reject) => writable.end(chunk, (e?: Error | null) => (e ? reject(e) : resolve())));
    await new Promise((r) => setTimeout(r, 0));
    counts[table] = n;
  }
  lite.close();
  for (const s of statements.filter((s) => !s.startsWith("CREATE TABLE"))) await sql.unsafe(s);
  for (const table of tables) {
    const seq = (await sql<{ s: string | null }[]>`select pg_get_serial_sequence(${`"${table}"`}, 'id') as s`.catch(() => [{ s: null }]))[0]?.s;
    if (seq) await sql.unsafe(`select setval('${seq}', greatest((select max(id) from "${table}"), 1))`);
  }
  const t1 = performance.now();
  await rebuildSearchIndexPg((s) => sql.unsafe(s));
  const t2 = performance.now();
  await sql`analyze`;
  return { counts, copySeconds: (t1 - t0) / 1000, searchIndexSeconds: (t2 - t1) / 1000 };
}
