import { getTableColumns, is, SQL } from "drizzle-orm";
import {
  bigint,
  customType,
  doublePrecision,
  foreignKey,
  index,
  type PgColumnBuilderBase,
  type PgTable,
  pgTable,
  primaryKey,
  smallint,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { getTableConfig, type SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

/**
 * The PostgreSQL form of the schema, derived from the one definition every module writes (`sqlite-core` tables in
 * `src/modules/<area>/schema.ts`): there is no second schema to keep in step by hand. Column types keep SQLite's
 * storage so the same table objects (and their value mappings) run on both engines: integers are `bigint` (read
 * back as numbers), booleans `smallint` 0/1, reals `double precision`, texts (ISO dates, JSON) `text` in the `ucs_basic`
 * collation (see textAsInSqlite). Indexes
 * (partial and expression ones included), unique constraints, composite keys, foreign keys with their actions and
 * generated columns (stored: PostgreSQL has no virtual ones) follow. drizzle-kit reads the result
 * (`drizzle.pg.config.ts`) to generate `migrations-pg/`; tests/unit/pg-schema.test.ts checks both stay in step.
 */
export function toPgTables(schema: Record<string, unknown>): Record<string, PgTable> {
  const sqliteTables = Object.entries(schema).filter((e): e is [string, SQLiteTable] => is(e[1], SQLiteTable));
  const byName = new Map<string, PgTable>();
  const out: Record<string, PgTable> = {};
  for (const [key, table] of sqliteTables) {
    const cfg = getTableConfig(table);
    const columns: Record<string, PgColumnBuilderBase> = {};
    const keyOf = new Map<string, string>();
    for (const [k, c] of Object.entries(getTableColumns(table))) {
      columns[k] = pgColumn(c as SQLiteColumn);
      keyOf.set(c.name, k);
    }
    const pg = pgTable(cfg.name, columns, (t) => {
      // biome-ignore lint/suspicious/noExplicitAny: a column of the table being built, found by its SQL name
      const col = (c: { name: string }) => (t as any)[keyOf.get(c.name) as string];
      // biome-ignore lint/suspicious/noExplicitAny: index columns may be SQL expressions
      const part = (c: any) => (is(c, SQL) ? c : col(c));
      const extras = [];
      for (const i of cfg.indexes) {
        const { name, columns: on, unique: isUnique, where } = i.config;
        const built = (isUnique ? uniqueIndex(name) : index(name)).on(...(on.map(part) as [never]));
        extras.push(where ? built.where(where) : built);
      }
      for (const pk of cfg.primaryKeys) extras.push(primaryKey({ name: pk.getName(), columns: pk.columns.map(col) as [never] }));
      for (const u of cfg.uniqueConstraints) extras.push(unique(u.getName()).on(...(u.columns.map(col) as [never])));
      for (const fk of cfg.foreignKeys) {
        const ref = fk.reference();
        const target = byName.get(getTableConfig(ref.foreignTable).name);
        if (!target) throw new Error(`${cfg.name}: foreign key to ${getTableConfig(ref.foreignTable).name}, declared later in src/schema.ts`);
        const targetCols = getTableColumns(target);
        const foreign = ref.foreignColumns.map((fc) => Object.values(targetCols).find((x) => x.name === fc.name));
        let built = foreignKey({ name: fk.getName(), columns: ref.columns.map(col) as [never], foreignColumns: foreign as [never] });
        if (fk.onDelete) built = built.onDelete(fk.onDelete);
        if (fk.onUpdate) built = built.onUpdate(fk.onUpdate);
        extras.push(built);
      }
      return extras;
    });
    byName.set(cfg.name, pg);
    out[key] = pg;
  }
  return out;
}

/**
 * Text that compares, sorts and changes case as in SQLite: SQLite's BINARY collation orders by bytes (UTF-8: code
 * points) and its lower()/upper() change ASCII letters only; PostgreSQL's `ucs_basic` collation (the "C" locale) does
 * exactly that, whatever locale the database was created with. So `ORDER BY name`, `<`, `LIKE 'x%'` (which then
 * uses plain btree indexes) and the `lower(name)` of contacts.sort_name give the same answers on both engines.
 */
const textAsInSqlite = customType<{ data: string; driverData: string }>({ dataType: () => "text COLLATE ucs_basic" });

/** One column in PostgreSQL terms, with SQLite's storage (see toPgTables). */
function pgColumn(c: SQLiteColumn): PgColumnBuilderBase {
  // biome-ignore lint/suspicious/noExplicitAny: the builders' chained types differ per column kind
  let b: any;
  switch (c.columnType) {
    case "SQLiteInteger":
      b = bigint(c.name, { mode: "number" });
      break;
    case "SQLiteBoolean":
      b = smallint(c.name);
      break;
    case "SQLiteReal":
      b = doublePrecision(c.name);
      break;
    case "SQLiteText":
    case "SQLiteTextJson":
      b = textAsInSqlite(c.name);
      break;
    default:
      throw new Error(`column ${c.name}: no PostgreSQL form for ${c.columnType}`);
  }
  // biome-ignore lint/suspicious/noExplicitAny: drizzle keeps these on the built column without typing them
  const raw = c as any;
  if (c.primary) b = raw.autoIncrement ? b.primaryKey().generatedByDefaultAsIdentity() : b.primaryKey();
  if (c.notNull && !c.primary) b = b.notNull();
  if (c.hasDefault && c.default !== undefined) b = b.default(pgDefault(c.default));
  if (c.isUnique) b = b.unique(c.uniqueName);
  if (c.generated) b = b.generatedAlwaysAs(c.generated.as);
  return b;
}

/** A default value in PostgreSQL terms: booleans as 0/1, objects as JSON text, SQL as written. */
function pgDefault(value: unknown): unknown {
  if (is(value, SQL)) return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value !== null && typeof value === "object") return JSON.stringify(value);
  return value;
}
