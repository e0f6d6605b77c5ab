/**
 * The table-by-table copy of `migrate-to-postgres`: which tables, in which order (a table after the ones its
 * foreign keys point to), and the rows of one table read from SQLite in rowid order and written to PostgreSQL in
 * multi-row inserts with the same ids. Values keep SQLite's storage (see src/db/pg-schema.ts): integers, 0/1
 * booleans, reals, texts (ISO dates, JSON, Baileys' BufferJSON keys) go over unchanged.
 */
import type { Database } from "bun:sqlite";
import { getTableColumns, is } from "drizzle-orm";
import { getTableConfig, type SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type postgres from "postgres";

/** Tables whose rows stay behind: the SQLite data folder's holder row and the state of running nodes mean nothing elsewhere. */
export const NOT_COPIED: Record<string, string> = {
  instance_lock: "the holder row of the SQLite data folder",
  connection_leases: "which node runs which session: nodes take them anew",
  cluster_nodes: "the nodes alive: each writes its own row",
  limiter_hits: "attempts of the last minutes (the SQLite server counts them in memory)",
  job_runs: "which node ran each scheduled job's last tick: the nodes claim ticks anew",
  cluster_secrets: "fingerprints of the nodes' shared secrets: the first node on PostgreSQL records its own",
};

/** PostgreSQL refuses the NUL character in text; such values are stored with U+FFFD in its place (and counted). */
const NUL = "\u0000";
/** postgres.js binds at most 65,534 parameters per statement. */
const MAX_PARAMS = 60_000;

export interface TablePlan {
  name: string;
  /** SQL names of the columns written (generated ones are computed by PostgreSQL). */
  columns: string[];
  textColumns: Set<string>;
  /** The autoincrement id column, whose identity sequence is set past the copied ids. */
  identity: string | null;
  /** A column referencing the same table (a tree): its rows go parents first. */
  parent: { column: string; references: string } | null;
}

/** Every table of the schema in copy order (referenced tables first); throws on a cycle between tables. */
export function copyPlan(schema: Record<string, unknown>): TablePlan[] {
  const tables = Object.values(schema).filter((t): t is SQLiteTable => is(t, SQLiteTable));
  const plans = new Map<string, TablePlan & { deps: Set<string> }>();
  for (const table of tables) {
    const cfg = getTableConfig(table);
    const cols = Object.values(getTableColumns(table)) as SQLiteColumn[];
    const deps = new Set<string>();
    let parent: TablePlan["parent"] = null;
    for (const fk of cfg.foreignKeys) {
      const ref = fk.reference();
      const target = getTableConfig(ref.foreignTable).name;
      if (target === cfg.name) parent = { column: ref.columns[0].name, references: ref.foreignColumns[0].name };
      else deps.add(target);
    }
    // biome-ignore lint/suspicious/noExplicitAny: drizzle keeps autoIncrement on the built column without typing it
    const identity = cols.find((c) => c.primary && (c as any).autoIncrement)?.name ?? null;
    plans.set(cfg.name, {
      name: cfg.name,
      columns: cols.filter((c) => !c.generated).map((c) => c.name),
      textColumns: new Set(cols.filter((c) => c.columnType === "SQLiteText" || c.columnType === "SQLiteTextJson").map((c) => c.name)),
      identity,
      parent,
      deps,
    });
  }
  const ordered: TablePlan[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "visiting") throw new Error(`foreign keys form a cycle: ${[...path, name].join(" → ")}`);
    state.set(name, "visiting");
    const plan = plans.get(name);
    if (!plan) throw new Error(`a foreign key points to ${name}, which is not in the schema`);
    for (const d of [...plan.deps].sort()) visit(d, [...path, name]);
    state.set(name, "done");
    const { deps: _deps, ...rest } = plan;
    ordered.push(rest);
  };
  for (const name of [...plans.keys()].sort()) visit(name, []);
  return ordered;
}

/** Rows of a tree ordered so every row comes after its parent (ties keep rowid order). */
function parentsFirst(rows: Record<string, unknown>[], parent: NonNullable<TablePlan["parent"]>): Record<string, unknown>[] {
  const byKey = new Map(rows.map((r) => [r[parent.references], r]));
  const out: Record<string, unknown>[] = [];
  const placed = new Set<unknown>();
  const place = (r: Record<string, unknown>, depth: number) => {
    const key = r[parent.references];
    if (placed.has(key)) return;
    const up = r[parent.column];
    const p = up === null || up === undefined ? undefined : byKey.get(up);
    if (p && p !== r && depth < rows.length) place(p, depth + 1);
    placed.add(key);
    out.push(r);
  };
  for (const r of rows) place(r, 0);
  return out;
}

export interface TableCopy {
  rows: number;
  /** Text values that held NUL characters (stored with U+FFFD instead). */
  nulReplaced: number;
  /** The highest id SQLite ever gave (AUTOINCREMENT never reuses one, nor may PostgreSQL). */
  highestId: number;
}

/** Copies one table's rows; `onBatch` hears the rows written so far. */
export async function copyTable(
  sqlite: Database,
  tx: postgres.TransactionSql,
  plan: TablePlan,
  opts: { batchRows?: number; onBatch?: (done: number) => void } = {},
): Promise<TableCopy> {
  const cols = plan.columns;
  const batchRows = Math.max(1, Math.min(opts.batchRows ?? 1_000, Math.floor(MAX_PARAMS / cols.length)));
  const list = cols.map((c) => `"${c}"`).join(", ");
  let rows = 0;
  let nulReplaced = 0;
  const clean = (r: Record<string, unknown>) => {
    for (const c of plan.textColumns) {
      const v = r[c];
      if (typeof v === "string" && v.includes(NUL)) {
        r[c] = v.replaceAll(NUL, "\uFFFD");
        nulReplaced++;
      } else if (v instanceof Uint8Array) throw new Error(`${plan.name}.${c} holds bytes where text is expected`);
    }
    return r;
  };
  const write = async (batch: Record<string, unknown>[]) => {
    try {
      await tx`INSERT INTO ${tx(plan.name)} ${tx(batch.map(clean) as Record<string, postgres.SerializableParameter>[], cols)}`;
    } catch (e) {
      throw new Error(`copying ${plan.name} (rows ${rows + 1}-${rows + batch.length}): ${(e as Error).message}`);
    }
    rows += batch.length;
    opts.onBatch?.(rows);
  };
  if (plan.parent) {
    const all = sqlite.query<Record<string, unknown>, []>(`SELECT ${list} FROM "${plan.name}" ORDER BY rowid`).all();
    const ordered = parentsFirst(all, plan.parent);
    for (let i = 0; i < ordered.length; i += batchRows) await write(ordered.slice(i, i + batchRows));
  } else {
    const page = sqlite.query<Record<string, unknown>, [number, number]>(
      `SELECT rowid AS "__balcao_rowid", ${list} FROM "${plan.name}" WHERE rowid > ? ORDER BY rowid LIMIT ?`,
    );
    let after = Number.MIN_SAFE_INTEGER;
    for (;;) {
      const batch = page.all(after, batchRows);
      if (!batch.length) break;
      after = batch[batch.length - 1].__balcao_rowid as number;
      for (const r of batch) delete r.__balcao_rowid;
      await write(batch);
      if (batch.length < batchRows) break;
    }
  }
  let highestId = 0;
  if (plan.identity) {
    const max = sqlite.query<{ m: number | null }, []>(`SELECT max("${plan.identity}") AS m FROM "${plan.name}"`).get()?.m ?? 0;
    let seq = 0;
    try {
      seq = sqlite.query<{ s: number }, [string]>("SELECT seq AS s FROM sqlite_sequence WHERE name = ?").get(plan.name)?.s ?? 0;
    } catch {
      // no sqlite_sequence: no AUTOINCREMENT table ever got a row
    }
    highestId = Math.max(max, seq);
  }
  return { rows, nulReplaced, highestId };
}

/** Sets a table's identity sequence so the next id is past every id SQLite gave. */
export async function setIdentityPast(tx: postgres.TransactionSql, plan: TablePlan, highestId: number) {
  if (!plan.identity) return;
  const seq = `"${plan.name}"`;
  if (highestId > 0) await tx`SELECT setval(pg_get_serial_sequence(${seq}, ${plan.identity}), ${highestId}, true)`;
  else await tx`SELECT setval(pg_get_serial_sequence(${seq}, ${plan.identity}), 1, false)`;
}
