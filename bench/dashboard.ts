/**
 * GET /dashboard at scale: the bench data set (100,000 tickets, 3 companies, company 1 holds half;
 * bench/lib/generate.ts) plus one stretch of service per ticket (queued, accepted a few minutes later,
 * finished when closed) and ratings on a fifth of the closed ones, through HTTP on loopback (the
 * server in its own process). Figures: p50/p95 and the server's CPU per request of the default filter
 * (first of the month to today), of 90 days and of a whole year (every stretch of the company).
 * `bun run bench/dashboard.ts [--smoke]`.
 */
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { datasetCopy } from "./lib/dataset";
import { ADMIN } from "./lib/generate";
import { figure, SMOKE_MODE } from "./lib/report";
import { latency, signIn, startServer } from "./lib/server";

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
db.transaction(() => {
  const tracking = db.prepare(
    "insert into ticket_tracking (ticket_id, company_id, contact_id, whatsapp_id, user_id, queued_at, started_at, finished_at, rating_at, rated, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const rating = db.prepare("insert into user_ratings (ticket_id, company_id, user_id, rate, created_at) values (?, ?, ?, ?, ?)");
  for (const t of rows) {
    const queued = Date.parse(t.created_at);
    const started = t.status === "pending" ? null : new Date(queued + Math.floor(random() * 30 * 60_000)).toISOString();
    const finished = t.status === "closed" ? t.updated_at : null;
    const rated = finished !== null && t.user_id !== null && random() < 0.2;
    tracking.run(
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
    );
    if (rated) rating.run(t.id, t.company_id, t.user_id, 1 + Math.floor(random() * 3), finished);
  }
})();
db.exec("ANALYZE");
db.close();

const server = await startServer(dir);
try {
  const admin = await signIn(server.base, ADMIN.email, ADMIN.password);
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 366 * 86_400_000).toISOString().slice(0, 10);
  const cases = [
    { label: "dashboard, first of the month to today", path: `/dashboard?date_from=${today.slice(0, 8)}01&date_to=${today}` },
    { label: "dashboard, last 90 days", path: "/dashboard?days=90" },
    { label: "dashboard, a whole year (every stretch)", path: `/dashboard?date_from=${yearAgo}&date_to=${today}` },
  ];
  for (const c of cases) {
    const l = await latency(server.base, c.path, admin, RUNS, server.proc.pid);
    figure({ name: `${c.label} p50`, value: l.p50, unit: "ms", target: 100, better: "lower", note: `${rows.length} tickets` });
    figure({ name: `${c.label} p95`, value: l.p95, unit: "ms", target: 100, better: "lower" });
    // Steady when the machine is shared (wall-clock latencies are not): the server's CPU per request.
    figure({ name: `${c.label} server CPU per request`, value: l.cpu ?? 0, unit: "ms" });
  }
} finally {
  await server.stop();
}
