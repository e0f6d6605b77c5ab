import { Database } from "bun:sqlite";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ILogger } from "baileys/lib/Utils/logger";

/** An in-memory SQLite with the wa_auth table created from the committed migration. */
export function memoryAuthDb(): Database {
  const db = new Database(":memory:", { strict: true });
  const sql = readFileSync(join(import.meta.dir, "../../migrations/0002_wa_auth.sql"), "utf8");
  for (const stmt of sql.split("--> statement-breakpoint")) if (stmt.trim()) db.exec(stmt);
  return db;
}

/** Silent logger with the shape Baileys expects (pino-like). */
export function silentLogger(): ILogger {
  const noop = () => {};
  const l = { level: "silent", child: () => l, trace: noop, debug: noop, info: noop, warn: noop, error: noop };
  return l;
}
