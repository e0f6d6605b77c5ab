/**
 * Ticket lists, search and the message page at scale (100k tickets, 20k contacts, 1M messages,
 * 3 companies; bench/lib/generate.ts) through HTTP on loopback, the server in its own process:
 * p50/p95/p99 of one client and req/s of 8, as an admin (every ticket) and as an agent with 2 queues.
 * The message page is measured on a database without statistics too (a plan must not depend on
 * ANALYZE having run). `bun run bench/scale.ts [--smoke]`.
 */
import { Database } from "bun:sqlite";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { ADMIN, AGENT, SEARCH_WORD } from "./lib/generate";
import { datasetCopy } from "./lib/dataset";
import { figure, SMOKE_MODE } from "./lib/report";
import { latency, signIn, startServer, throughput } from "./lib/server";

const RUNS = SMOKE_MODE ? 10 : 200;
const SECONDS = SMOKE_MODE ? 0.2 : 2;
const CLIENTS = 8;

const dir = await datasetCopy();
const probe = new Database(join(dir, "app.db"), { readonly: true });
const bigTicket = (probe.query("select id from tickets where company_id = 1 order by updated_at desc, id desc limit 1").get() as { id: number }).id;
const number = (probe.query("select number from contacts where company_id = 1 order by id limit 1 offset 10").get() as { number: string }).number;
probe.close();

const tabs = (showAll: boolean) =>
  (["open", "pending", "closed"] as const).map((status) => ({
    label: `tab ${status}`,
    path: `/tickets?status=${status}&pageNumber=1${showAll ? "&showAll=true" : ""}`,
    kind: "tab" as const,
  }));
const searches = [
  { label: "search by word", path: `/tickets?searchParam=${SEARCH_WORD}&pageNumber=1&showAll=true`, kind: "search" as const },
  { label: "search by number", path: `/tickets?searchParam=${number.slice(-6)}&pageNumber=1&showAll=true`, kind: "search" as const },
];
const messagePage = { label: "message page, newest of a big ticket", path: `/messages/${bigTicket}`, kind: "messages" as const };
const TARGET = { tab: { p50: 5, rps: 1000 }, search: { p50: 20, rps: 200 }, messages: { p50: 3, rps: undefined } };

// A fresh or restored database: no statistics.
let server = await startServer(dir, ["--no-statistics"]);
let admin = await signIn(server.base, ADMIN.email, ADMIN.password);
for (const c of [messagePage, ...tabs(true)]) {
  const l = await latency(server.base, c.path, admin, Math.ceil(RUNS / 4));
  figure({ name: `${c.label} p50, no statistics`, value: l.p50, unit: "ms", target: TARGET[c.kind].p50, better: "lower" });
}
await server.stop();

server = await startServer(dir);
admin = await signIn(server.base, ADMIN.email, ADMIN.password);
const agent = await signIn(server.base, AGENT.email, AGENT.password);
const writer = new Database(join(dir, "app.db"));
const touchTicket = writer.query("update tickets set updated_at = updated_at where id = ?");
const touch = () => touchTicket.run(bigTicket);
const cases = [
  ...tabs(true).map((c) => ({ ...c, who: "admin", token: admin })),
  ...tabs(false).map((c) => ({ ...c, who: "agent", token: agent })),
  ...searches.map((c) => ({ ...c, who: "admin", token: admin })),
  ...searches.map((c) => ({ ...c, who: "agent", token: agent, path: c.path.replace("&showAll=true", "") })),
  { ...messagePage, who: "admin", token: admin },
];
for (const c of cases) {
  const l = await latency(server.base, c.path, c.token, RUNS, server.proc.pid);
  const t = TARGET[c.kind];
  figure({ name: `${c.label} (${c.who}) p50`, value: l.p50, unit: "ms", target: t.p50, better: "lower" });
  figure({ name: `${c.label} (${c.who}) p95 / p99`, value: l.p95, unit: "ms", note: `p99 ${l.p99.toFixed(2)} ms` });
  figure({ name: `${c.label} (${c.who}) server CPU per request`, value: l.cpu ?? 0, unit: "ms" });
  if (t.rps) {
    const rps = await throughput(server.base, c.path, c.token, CLIENTS, SECONDS);
    figure({ name: `${c.label} (${c.who}) ${CLIENTS} clients`, value: rps, unit: "req/s", target: t.rps, better: "higher" });
  }
  if (c.label === "search by word") {
    // A search's page is kept until the database changes: the same search right after a change (a
    // ticket touched by another process) is computed anew; this is its cost.
    const l = await latency(server.base, c.path, c.token, Math.ceil(RUNS / 2), server.proc.pid, touch);
    figure({ name: `${c.label} (${c.who}) after a change p50`, value: l.p50, unit: "ms", target: t.p50, better: "lower" });
    figure({ name: `${c.label} (${c.who}) after a change, server CPU per request`, value: l.cpu ?? 0, unit: "ms" });
  }
}
writer.close();
await server.stop();
rmSync(dir, { recursive: true, force: true });
