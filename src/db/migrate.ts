import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { MigrationMeta } from "drizzle-orm/migrator";
import { assetPath } from "../lib/assets";
import type { DB } from "../core/db";

interface Journal {
  entries: { idx: number; when: number; tag: string; breakpoints: boolean }[];
}

function read(rel: string): string {
  const p = assetPath(rel);
  if (!p) throw new Error(`missing migration file ${rel}`);
  return readFileSync(p, "utf8");
}

/** Loads the drizzle-kit migrations (from disk or the binary) in journal order: SQLite's, or PostgreSQL's from `migrations-pg`. */
export function loadMigrations(folder: "migrations" | "migrations-pg" = "migrations"): MigrationMeta[] {
  const journal = JSON.parse(read(`${folder}/meta/_journal.json`)) as Journal;
  return journal.entries.map((e) => {
    const sql = read(`${folder}/${e.tag}.sql`);
    return {
      sql: sql.split("--> statement-breakpoint"),
      bps: e.breakpoints,
      folderMillis: e.when,
      hash: createHash("sha256").update(sql).digest("hex"),
    };
  });
}

/** Applies pending migrations; drizzle records applied ones in __drizzle_migrations. */
export function migrate(db: DB) {
  const migrations = loadMigrations();
  // biome-ignore lint/suspicious/noExplicitAny: drizzle's dialect/session are internal but stable here
  const d = db as any;
  d.dialect.migrate(migrations, d.session, { migrationsFolder: "migrations" });
}
