/**
 * Puts two rows in every table that has none (in copy order, so a foreign key points at a row of the table it
 * references): one with every column set, one with every nullable column null; in a tree (a column referencing its
 * own table) the first row is the second's child. Texts carry accents, quotes,
 * a newline and an emoji; JSON columns hold JSON; booleans 0 and 1; reals a fraction; times milliseconds.
 * For tests that need every table populated (migrate-to-postgres), beside the realistic data of the generators.
 */
import type { Database } from "bun:sqlite";
import { getTableColumns, is } from "drizzle-orm";
import { getTableConfig, type SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../../src/schema";
import type { TablePlan } from "../../src/ops/copy-tables";

/** Fills the empty tables of `db` (all of them but those in `skip`); answers the tables filled. */
export function fillEveryTable(db: Database, plans: TablePlan[], skip: string[] = ["instance_lock"]): string[] {
  const tables = new Map((Object.values(schema) as unknown[]).filter((t): t is SQLiteTable => is(t, SQLiteTable)).map((t) => [getTableConfig(t).name, t]));
  const filled: string[] = [];
  for (const plan of plans) {
    if (skip.includes(plan.name)) continue;
    if ((db.query<{ n: number }, []>(`SELECT count(*) AS n FROM "${plan.name}"`).get()?.n ?? 0) > 0) continue;
    const table = tables.get(plan.name) as SQLiteTable;
    const cfg = getTableConfig(table);
    const refs = new Map<string, { table: string; column: string }>();
    for (const fk of cfg.foreignKeys) {
      const r = fk.reference();
      for (const [i, c] of r.columns.entries()) refs.set(c.name, { table: getTableConfig(r.foreignTable).name, column: r.foreignColumns[i].name });
    }
    const columns = (Object.values(getTableColumns(table)) as SQLiteColumn[]).filter((c) => !c.generated && c.name !== plan.identity);
    for (const full of [true, false]) {
      const values = columns.map((c, i) => valueFor(db, c, refs.get(c.name), full, i, plan.name));
      db.run(`INSERT INTO "${plan.name}" (${columns.map((c) => `"${c.name}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`, values as never);
    }
    if (plan.parent) {
      // The first row becomes the child of the second: a parent with the larger id, as a re-parented menu has.
      const [first, second] = db.query<{ v: number }, []>(`SELECT "${plan.parent.references}" AS v FROM "${plan.name}" ORDER BY rowid`).all();
      db.run(`UPDATE "${plan.name}" SET "${plan.parent.column}" = ? WHERE "${plan.parent.references}" = ?`, [second.v, first.v]);
    }
    filled.push(plan.name);
  }
  return filled;
}

function valueFor(db: Database, c: SQLiteColumn, ref: { table: string; column: string } | undefined, full: boolean, i: number, table: string): unknown {
  if (ref?.table === table) return null; // a tree: linked once both rows exist (fillEveryTable)
  if (!full && !c.notNull && !c.primary) return null;
  if (ref) {
    const rows = db.query<{ v: number }, []>(`SELECT "${ref.column}" AS v FROM "${ref.table}" ORDER BY rowid LIMIT 2`).all();
    if (!rows.length) throw new Error(`${table}.${c.name}: ${ref.table} has no row to point at`);
    return rows[full ? 0 : rows.length - 1].v;
  }
  const suffix = full ? "a" : "b";
  switch (c.columnType) {
    case "SQLiteBoolean":
      return full ? 1 : 0;
    case "SQLiteInteger":
      return 1_700_000_000_000 + i * 1_000 + (full ? 1 : 2);
    case "SQLiteReal":
      return full ? 1.25 : -0.5;
    case "SQLiteTextJson":
      return JSON.stringify({ k: `v-${suffix}`, n: [1, 2.5, "ç"] });
    default:
      return `${c.name} ${suffix}: Olá "mundo" 'ação' ñ\n🚀`;
  }
}
