/**
 * The shape of a migrated database, read from the database itself (SQLite: sqlite_master and PRAGMAs; PostgreSQL:
 * information_schema and the pg_catalog), in terms both engines share, so tests/unit/pg-schema.test.ts can compare
 * them table by table, column by column, index by index. Expressions (defaults, generated columns, index
 * expressions, partial conditions) are compared after a normalization that removes what each engine adds when it
 * prints them back (quotes, casts, parentheses, `IN` written as `= ANY (ARRAY[…])`).
 */
import type { Database } from "bun:sqlite";
import type postgres from "postgres";

export interface ColumnShape {
  /** SQLite's declared type, or PostgreSQL's data type. */
  type: string;
  notNull: boolean;
  default: string | null;
  generated: string | null;
  identity: boolean;
  /** How a text column compares: "binary" (SQLite's BINARY, PostgreSQL's ucs_basic or C), else the collation's name. */
  collation: string | null;
}

export interface IndexShape {
  name: string;
  unique: boolean;
  columns: string[];
  where: string | null;
}

export interface TableShape {
  columns: Record<string, ColumnShape>;
  primaryKey: string[];
  /** Column lists that are unique without a condition (a unique constraint or a plain unique index: the same guarantee). */
  uniques: string[];
  /** "from → table(to) on delete x on update y". */
  foreignKeys: string[];
  /** Indexes by name, the ones behind a unique constraint included (not the primary key's). */
  indexes: IndexShape[];
}

export interface Shape {
  tables: Record<string, TableShape>;
}

/**
 * Objects one engine has for its own search index (or read cache) and the other has not: SQLite's FTS5 table (and its shadow
 * tables); PostgreSQL's search objects (branch `search` lists its column, table or index names here).
 */
export const SEARCH_ONLY = {
  sqliteTables: /^messages_fts/,
  // The read cache's version of the data (migrations-pg/0005; SQLite's is total_changes() + data_version).
  pgTables: ["data_version"] as string[],
  pgColumns: [] as string[],
  pgIndexes: ["messages_fts_idx"] as string[],
};

/** An expression as both engines can be compared on. */
export function normalizeExpr(e: string | null | undefined): string | null {
  if (e === null || e === undefined) return null;
  // Outside string literals only: case, quotes around names, casts, parentheses and blanks.
  const outside = (part: string) =>
    part
      .toLowerCase()
      .replace(/[`"]/g, "")
      .replace(/::[a-z_]+( precision| varying)?(\[\])?/g, "")
      .replace(/=\s*any\s*\(\s*array\[/g, "in [")
      // CAST(x AS t) (SQLite) and (x)::t (PostgreSQL's print) both become x.
      .replace(/\bcast\s*\(/g, "(")
      .replace(/\s+as\s+[a-z_]+( precision)?\s*\)/g, ")")
      .replace(/[()[\]\s]/g, "");
  const s = e
    .split(/('(?:[^']|'')*')/)
    .map((part, i) => (i % 2 ? part : outside(part)))
    .join("");
  if (s === "false") return "0";
  if (s === "true") return "1";
  return s;
}

/** The text between the parenthesis at `open` and its match, skipping quoted strings. */
function balanced(sql: string, open: number): { inner: string; end: number } {
  let depth = 0;
  for (let i = open; i < sql.length; i++) {
    const ch = sql[i];
    if (ch === "'" || ch === '"' || ch === "`") {
      const close = sql.indexOf(ch, i + 1);
      i = close < 0 ? sql.length : close;
    } else if (ch === "(") depth++;
    else if (ch === ")" && --depth === 0) return { inner: sql.slice(open + 1, i), end: i };
  }
  throw new Error(`unbalanced parentheses in ${sql}`);
}

/** Splits a list at its top-level commas. */
function topLevel(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const ch = list[i];
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"' || ch === "`") quote = ch;
    else if (ch === "(") depth++;
    else if (ch === ")") depth--;
    else if (ch === "," && depth === 0) {
      out.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(list.slice(start).trim());
  return out;
}

/** An index column as compared: its name, or `expr:` and the normalized expression. */
const indexPart = (p: string) => (/^[`"]?[a-z_][a-z0-9_]*[`"]?$/i.test(p) ? p.replace(/[`"]/g, "") : `expr:${normalizeExpr(p)}`);

const FK_ACTION: Record<string, string> = { a: "no action", r: "restrict", c: "cascade", n: "set null", d: "set default" };

/** The shape of a SQLite database. */
export function sqliteShape(db: Database): Shape {
  const tables: Record<string, TableShape> = {};
  const rows = db
    .query<{ name: string; sql: string }, []>(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations'",
    )
    .all()
    .filter((r) => !SEARCH_ONLY.sqliteTables.test(r.name));
  for (const { name: table, sql } of rows) {
    const columns: Record<string, ColumnShape> = {};
    const info = db
      .query<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number; hidden: number }, []>(`PRAGMA table_xinfo("${table}")`)
      .all();
    const defs = topLevel(balanced(sql, sql.indexOf("(")).inner);
    for (const c of [...info].sort((a, b) => a.name.localeCompare(b.name))) {
      const def = defs.find((d) => d.startsWith(`\`${c.name}\``) || d.startsWith(`"${c.name}"`)) ?? "";
      const gen = /generated always as\s*\(/i.exec(def);
      columns[c.name] = {
        type: c.type.toLowerCase().replace(/\s*generated always$/, ""),
        notNull: c.notnull === 1 || c.pk > 0,
        default: normalizeExpr(c.dflt_value),
        generated: gen ? normalizeExpr(balanced(def, gen.index + gen[0].length - 1).inner) : null,
        identity: /autoincrement/i.test(def),
        collation: c.type.toLowerCase() === "text" ? (/collate\s+(\w+)/i.exec(def)?.[1].toLowerCase() ?? "binary") : null,
      };
    }
    const primaryKey = info
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    const uniques: string[] = [];
    const indexes: IndexShape[] = [];
    for (const ix of db.query<{ name: string; unique: number; origin: string; partial: number }, []>(`PRAGMA index_list("${table}")`).all()) {
      if (ix.origin === "pk") continue;
      if (ix.origin === "u") {
        const cols = db.query<{ name: string; seqno: number }, []>(`PRAGMA index_info("${ix.name}")`).all();
        uniques.push(
          cols
            .sort((a, b) => a.seqno - b.seqno)
            .map((c) => c.name)
            .join(","),
        );
        continue;
      }
      const create = db.query<{ sql: string }, [string]>(`SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?`).get(ix.name)?.sql ?? "";
      const on = balanced(create, create.indexOf("(", create.search(/ on /i)));
      const where = /^\s*where\s+([\s\S]*)$/i.exec(create.slice(on.end + 1));
      indexes.push({ name: ix.name, unique: ix.unique === 1, columns: topLevel(on.inner).map(indexPart), where: where ? normalizeExpr(where[1]) : null });
    }
    uniques.push(...plainUniques(indexes));
    const fkRows = db
      .query<{ id: number; seq: number; table: string; from: string; to: string; on_update: string; on_delete: string }, []>(
        `PRAGMA foreign_key_list("${table}")`,
      )
      .all();
    const foreignKeys = [...new Set(fkRows.map((r) => r.id))].map((id) => {
      const parts = fkRows.filter((r) => r.id === id).sort((a, b) => a.seq - b.seq);
      const f = parts[0];
      return `${parts.map((p) => p.from).join(",")} → ${f.table}(${parts.map((p) => p.to).join(",")}) on delete ${f.on_delete.toLowerCase()} on update ${f.on_update.toLowerCase()}`;
    });
    tables[table] = {
      columns,
      primaryKey,
      uniques: [...new Set(uniques)].sort(),
      foreignKeys: foreignKeys.sort(),
      indexes: indexes.sort((a, b) => a.name.localeCompare(b.name)),
    };
  }
  return { tables };
}

/** The shape of a PostgreSQL database's `public` schema. */
export async function pgShape(sql: postgres.Sql | postgres.TransactionSql): Promise<Shape> {
  const tables: Record<string, TableShape> = {};
  const names = (await sql<{ t: string }[]>`SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`)
    .map((r) => r.t)
    .filter((t) => !SEARCH_ONLY.pgTables.includes(t));
  for (const table of names) {
    const columns: Record<string, ColumnShape> = {};
    const cols = await sql<
      {
        name: string;
        type: string;
        nullable: string;
        dflt: string | null;
        generated: string;
        expr: string | null;
        identity: string;
        collation: string | null;
      }[]
    >`
      SELECT column_name AS name, data_type AS type, is_nullable AS nullable, column_default AS dflt, is_generated AS generated,
             generation_expression AS expr, is_identity AS identity, collation_name AS collation
      FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ${table} ORDER BY column_name`;
    for (const c of cols) {
      if (SEARCH_ONLY.pgColumns.includes(`${table}.${c.name}`)) continue;
      columns[c.name] = {
        type: c.type,
        notNull: c.nullable === "NO",
        default: normalizeExpr(c.dflt),
        generated: c.generated === "ALWAYS" ? normalizeExpr(c.expr) : null,
        identity: c.identity === "YES",
        collation: c.type === "text" ? (c.collation === "ucs_basic" || c.collation === "C" ? "binary" : (c.collation ?? "the database's")) : null,
      };
    }
    const cons = await sql<{ name: string; type: string; cols: string[]; ftable: string | null; fcols: string[] | null; del: string; upd: string }[]>`
      SELECT c.conname AS name, c.contype AS type,
             (SELECT array_agg(a.attname ORDER BY k.n) FROM unnest(c.conkey) WITH ORDINALITY k(attnum, n) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) AS cols,
             c.confrelid::regclass::text AS ftable,
             (SELECT array_agg(a.attname ORDER BY k.n) FROM unnest(c.confkey) WITH ORDINALITY k(attnum, n) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum) AS fcols,
             c.confdeltype AS del, c.confupdtype AS upd
      FROM pg_constraint c WHERE c.conrelid = ${`public.${table}`}::regclass`;
    const primaryKey = cons.find((c) => c.type === "p")?.cols ?? [];
    const uniques = cons.filter((c) => c.type === "u").map((c) => c.cols.join(","));
    const constraintIndexes = new Set(cons.filter((c) => c.type === "p").map((c) => c.name));
    const foreignKeys = cons
      .filter((c) => c.type === "f")
      .map((c) => `${c.cols.join(",")} → ${c.ftable}(${(c.fcols ?? []).join(",")}) on delete ${FK_ACTION[c.del]} on update ${FK_ACTION[c.upd]}`);
    const ix = await sql<{ name: string; unique: boolean; cols: string[]; pred: string | null }[]>`
      SELECT ci.relname AS name, i.indisunique AS unique,
             (SELECT array_agg(pg_get_indexdef(i.indexrelid, k, true) ORDER BY k) FROM generate_series(1, i.indnkeyatts) k) AS cols,
             pg_get_expr(i.indpred, i.indrelid, true) AS pred
      FROM pg_index i JOIN pg_class ci ON ci.oid = i.indexrelid
      WHERE i.indrelid = ${`public.${table}`}::regclass`;
    const indexes = ix
      .filter((i) => !SEARCH_ONLY.pgIndexes.includes(i.name) && !constraintIndexes.has(i.name))
      .map((i) => ({ name: i.name, unique: i.unique, columns: i.cols.map(indexPart), where: normalizeExpr(i.pred) }))
      .sort((a, b) => a.name.localeCompare(b.name));
    uniques.push(...plainUniques(indexes));
    tables[table] = { columns, primaryKey, uniques: [...new Set(uniques)].sort(), foreignKeys: foreignKeys.sort(), indexes };
  }
  return { tables };
}

/** The column lists of unique indexes without a condition or an expression. */
const plainUniques = (indexes: IndexShape[]) =>
  indexes.filter((i) => i.unique && !i.where && !i.columns.some((c) => c.startsWith("expr:"))).map((i) => i.columns.join(","));
