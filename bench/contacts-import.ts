/**
 * Contact import benchmark: builds .xlsx files of 1,000 and 10,000 rows and imports them through
 * the real route (multipart upload → SheetJS parse → one transaction of prepared upserts), then
 * imports the 10,000 again (all updates). Prints wall-clock figures. Run: bun bench/contacts-import.ts [--smoke] [--pg]
 * (--pg: on a database of the private PostgreSQL test cluster, tests/support/postgres.ts, instead of SQLite).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as XLSX from "@e965/xlsx";
import { buildApp, createDeps } from "../src/app";
import { loadConfig } from "../src/config";
import type { DB } from "../src/core/db";
import { openDatabase } from "../src/db/client";
import { openPostgresDb } from "../src/db/pg-client";
import { migrate } from "../src/db/migrate";
import { seed } from "../src/ops/seed";
import { setLogLevel } from "../src/lib/logger";
import { createTestDatabase } from "../tests/support/postgres";
import { figure, SMOKE_MODE } from "./lib/report";

setLogLevel("silent");
const dir = mkdtempSync(join(tmpdir(), "balcao-bench-"));
const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dir, LOG_LEVEL: "silent" });
const pg = process.argv.includes("--pg") ? await createTestDatabase() : null;
const pgDb = pg ? openPostgresDb(pg.url) : null;
const db: DB = pgDb ?? openDatabase(config.dbPath);
if (!pg) migrate(db);
await seed(db, config);
const app = buildApp(createDeps(db, config));

/** Signs up a company and answers its admin token. */
async function newCompanyToken() {
  const email = `bench.${crypto.randomUUID().slice(0, 8)}@bench.local`;
  const body = JSON.stringify({ name: `Bench ${email}`, email, password: "secret-123", planId: 1, phone: "" });
  const json = { "content-type": "application/json" };
  await app.handle(new Request("http://localhost/companies/cadastro", { method: "POST", headers: json, body }));
  const login = await app.handle(
    new Request("http://localhost/auth/login", { method: "POST", headers: json, body: JSON.stringify({ email, password: "secret-123" }) }),
  );
  return ((await login.json()) as { token: string }).token;
}

/** A sheet of n contacts; another `mail` domain makes every row an update of the same contacts. */
function xlsx(n: number, mail = "exemplo.com.br") {
  const rows: unknown[][] = [["Nome", "Número", "E-mail"]];
  for (let i = 0; i < n; i++) rows.push([`Contato ${i} Conceição`, `+55 11 9${String(i).padStart(8, "0")}`, `c${i}@${mail}`]);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), "Contatos");
  return new File([XLSX.write(wb, { type: "array", bookType: "xlsx" }) as ArrayBuffer], `contatos-${n}.xlsx`, {
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  });
}

async function run(label: string, token: string, file: File) {
  const form = new FormData();
  form.append("file", file);
  const started = performance.now();
  const res = await app.handle(new Request("http://localhost/contacts/import", { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form }));
  const r = (await res.json()) as { created: number; updated: number; rejected: unknown[] };
  const ms = performance.now() - started;
  console.log(`${label.padEnd(28)} ${ms.toFixed(0).padStart(6)} ms  created=${r.created} updated=${r.updated} rejected=${r.rejected.length}`);
  return ms;
}

const t1 = await newCompanyToken();
const t2 = await newCompanyToken();
const BIG = SMOKE_MODE ? 500 : 10_000;
const f1k = xlsx(1_000);
const fBig = xlsx(BIG);
const ms1k = await run("1,000 rows (new)", t1, f1k);
const msBig = await run(`${BIG} rows (new)`, t2, fBig);
const msBigSame = await run(`${BIG} rows (unchanged)`, t2, fBig);
const msBigUpd = await run(`${BIG} rows (all updates)`, t2, xlsx(BIG, "exemplo.org"));
const engine = pg ? " on PostgreSQL" : "";
figure({ name: `contact import${engine}, 1,000 rows (new)`, value: ms1k, unit: "ms", target: 2000, better: "lower" });
figure({ name: `contact import${engine}, per 1,000 rows of a big file (new)`, value: (msBig * 1000) / BIG, unit: "ms" });
figure({ name: `contact import${engine}, per 1,000 rows of a big file (unchanged)`, value: (msBigSame * 1000) / BIG, unit: "ms" });
figure({ name: `contact import${engine}, per 1,000 rows of a big file (updates)`, value: (msBigUpd * 1000) / BIG, unit: "ms" });
if (pg && pgDb) {
  await pgDb.$client.end();
  await pg.drop();
} else db.sqlite.close();
rmSync(dir, { recursive: true, force: true });
