/**
 * GET /dashboard at scale: the bench data set (100,000 tickets, 3 companies, company 1 holds half;
 * bench/lib/generate.ts) plus one stretch of service per ticket (queued, accepted a few minutes later,
 * finished when closed) and ratings on a fifth of the closed ones, through HTTP on loopback (the
 * server in its own process). Figures: p50/p95 and the server's CPU per request of the default filter
 * (first of the month to today), of 90 days and of a whole year (every stretch of the company).
 * `bun run bench/dashboard.ts [--smoke] [--engine pg]`: with `--engine pg` on PostgreSQL (lib/pg.ts), the same
 * stretches and ratings written to the copy there; the CPU per request then counts the cluster's processes too.
 */
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { datasetCopy } from "./lib/dataset";
import { ADMIN } from "./lib/generate";
import { figure, SMOKE_MODE } from "./lib/report";
import { benchDatabase, clusterCpu, ENGINE } from "./lib/pg";
import { cpuMsOf, latency, signIn, startServer } from "./lib/server";

const RUNS = SMOKE_MODE ? 10 : 100;
const dir = await datasetCopy();

// One stretch of service per ticket, written straight to the copy (the lifecycle would take minutes).
const db = new Database(join(dir, "app.db"));
db.exec("PRAGMA synchronous = OFF");
let seed = 7;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const rows = db.query("select id, company_id, contact_id, status, user_id, whatsapp_id, created_at, updated_at from tickets").all() as {
  id: number;
  company_id: number;
  contact_id: number;
  status: string;
  user_id: number | null;
  whatsapp_id: number | null;
  created_at: string;
  updated_at: string;
}[];
// The rows of both tables, worked out once (the same on either engine).
const TRACKING = [
  "ticket_id",
  "company_id",
  "contact_id",
  "whatsapp_id",
  "user_id",
  "queued_at",
  "started_at",
  "finished_at",
  "rating_at",
  "rated",
  "created_at",
];
const RATING = ["ticket_id", "company_id", "user_id", "rate", "created_at"];
const trackingRows: unknown[][] = [];
const ratingRows: unknown[][] = [];
for (const t of rows) {
  const queued = Date.parse(t.created_at);
  const started = t.status === "pending" ? null : new Date(queued + Math.floor(random() * 30 * 60_000)).toISOString();
  const finished = t.status === "closed" ? t.updated_at : null;
  const rated = finished !== null && t.user_id !== null && random() < 0.2;
  trackingRows.push([
    t.id,
    t.company_id,
    t.contact_id,
    t.whatsapp_id,
    t.user_id,
    t.created_at,
    started,
    finished,
    rated ? finished : null,
    rated ? 1 : 0,
    t.created_at,
  ]);
  if (rated) ratingRows.push([t.id, t.company_id, t.user_id, 1 + Math.floor(random() * 3), finished]);
}
const pg = ENGINE === "pg" ? await benchDatabase(dir, "bench_dashboard") : null;
if (pg) {
  const sql = (await import("postgres")).default(pg.url, { max: 1, onnotice: () => {} });
  const insert = async (table: string, columns: string[], values: unknown[][]) => {
    for (let i = 0; i < values.length; i += 5_000) {
      const batch = values.slice(i, i + 5_000).map((r) => Object.fromEntries(columns.map((c, k) => [c, r[k]])));
      await sql`insert into ${sql(table)} ${sql(batch as never, ...(columns as never[]))}`;
    }
  };
  await insert("ticket_tracking", TRACKING, trackingRows);
  await insert("user_ratings", RATING, ratingRows);
  await sql`vacuum (analyze) ticket_tracking, user_ratings`;
  await sql.end();
} else {
  db.transaction(() => {
    const tracking = db.prepare(`insert into ticket_tracking (${TRACKING.join(", ")}) values (${TRACKING.map(() => "?").join(", ")})`);
    const rating = db.prepare(`insert into user_ratings (${RATING.join(", ")}) values (${RATING.map(() => "?").join(", ")})`);
    for (const r of trackingRows) tracking.run(...(r as never[]));
    for (const r of ratingRows) rating.run(...(r as never[]));
  })();
  db.exec("ANALYZE");
}
db.close();

const server = await startServer(dir, pg ? ["--pg", pg.url] : []);
try {
  const admin = await signIn(server.base, ADMIN.email, ADMIN.password);
  // The server's CPU, and on PostgreSQL its cluster's too (the queries run there).
  const pgCpu = pg ? await clusterCpu(pg.url) : undefined;
  const cpu = pgCpu ? () => cpuMsOf(server.proc.pid) + pgCpu() : server.proc.pid;
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 366 * 86_400_000).toISOString().slice(0, 10);
  const cases = [
    { label: "dashboard, first of the month to today", path: `/dashboard?date_from=${today.slice(0, 8)}01&date_to=${today}` },
    { label: "dashboard, last 90 days", path: "/dashboard?days=90" },
    { label: "dashboard, a whole year (every stretch)", path: `/dashboard?date_from=${yearAgo}&date_to=${today}` },
  ];
  for (const c of cases) {
    const l = await latency(server.base, c.path, admin, RUNS, cpu);
    figure({ name: `${c.label} p50`, value: l.p50, unit: "ms", target: 100, better: "lower", note: `${rows.length} tickets` });
    figure({ name: `${c.label} p95`, value: l.p95, unit: "ms", target: 100, better: "lower" });
    // Steady when the machine is shared (wall-clock latencies are not): the server's CPU per request.
    figure({ name: `${c.label} ${pg ? "server + PostgreSQL" : "server"} CPU per request`, value: l.cpu ?? 0, unit: "ms" });
    // The same data gives the same answer on either engine: compare this line between an SQLite and a PostgreSQL run.
    const answer = await (await fetch(server.base + c.path, { headers: { authorization: `Bearer ${admin}` } })).text();
    console.log(`${c.label}: answer sha1 ${new Bun.CryptoHasher("sha1").update(answer).digest("hex").slice(0, 12)} ${answer.slice(0, 160)}`);
  }
} finally {
  await server.stop();
}
