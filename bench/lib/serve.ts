/**
 * The API over loopback in its own process, for the benchmarks' HTTP figures:
 * `bun bench/lib/serve.ts <dataDir> [--no-statistics] [--pg <url>]`. Boots like src/main.ts (migrations, then
 * statistics unless told not to, to measure plans on a fresh or restored database) without channels
 * or jobs, and prints `port <n>` once listening. With `--pg` the database is PostgreSQL at that URL (already
 * migrated and analyzed by lib/pg.ts; the data folder still holds the secrets and media).
 */
import { buildApp, createDeps } from "../../src/app";
import { loadConfig } from "../../src/config";
import type { DB } from "../../src/core/db";
import { openDatabase, refreshStatistics } from "../../src/db/client";
import { migrate } from "../../src/db/migrate";
import { openPostgresDb } from "../../src/db/pg-client";
import { setLogLevel } from "../../src/lib/logger";

const dataDir = process.argv[2];
const pgAt = process.argv.indexOf("--pg");
setLogLevel((process.env.BENCH_SERVER_LOG as "error") ?? "silent");
const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: process.env.BENCH_SERVER_LOG ?? "silent" });
let db: DB;
if (pgAt > 0) db = openPostgresDb(process.argv[pgAt + 1]);
else {
  db = openDatabase(config.dbPath);
  migrate(db);
  if (process.argv.includes("--no-statistics")) {
    db.sqlite.exec("DROP TABLE IF EXISTS sqlite_stat1");
    db.sqlite.exec("DROP TABLE IF EXISTS sqlite_stat4");
  } else refreshStatistics(db);
}
const app = buildApp(createDeps(db, config)).listen({ port: 0, hostname: "127.0.0.1" });
console.log(`port ${app.server!.port}`);
