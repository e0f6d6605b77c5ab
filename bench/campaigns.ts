/**
 * Campaign benchmark: `bun run bench/campaigns.ts [contacts = 10000] [--smoke]`. Imports a list of
 * N contacts from .xlsx, runs a campaign with no pause through the sandbox channel (the dispatcher
 * job run back to back, as croner does every second) and, meanwhile, another user lists tickets
 * every 25 ms. Figures: list import, campaign start (one shipment per contact), sends per second,
 * the other user's p99 latency during the run, and progress frames per second.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as XLSX from "@e965/xlsx";
import { buildApp, createDeps } from "../src/app";
import { loadConfig } from "../src/config";
import { openDatabase } from "../src/db/client";
import { migrate } from "../src/db/migrate";
import { seed } from "../src/ops/seed";
import { setLogLevel } from "../src/lib/logger";
import { figure, pct, SMOKE_MODE } from "./lib/report";

setLogLevel("silent");
const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const N = SMOKE_MODE ? 200 : Number(args[0] ?? 10_000);
const dir = mkdtempSync(join(tmpdir(), "balcao-bench-campaigns-"));
const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dir, LOG_LEVEL: "silent", ADMIN_EMAIL: "b@b.io", ADMIN_PASSWORD: "bench-123" });
const db = openDatabase(config.dbPath);
migrate(db);
await seed(db, config);
const deps = createDeps(db, config);
const app = buildApp(deps);
let frames = 0;
deps.hub.listen((p) => {
  if (p.frame.channel === "campaign") frames++;
});

async function call(method: string, path: string, token: string, body?: unknown, form?: FormData) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await app.handle(
    new Request(`http://localhost${path}`, { method, headers, body: form ?? (body === undefined ? undefined : JSON.stringify(body)) }),
  );
  return (await res.json().catch(() => null)) as any;
}
const token = (
  await (
    await app.handle(
      new Request("http://localhost/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "b@b.io", password: "bench-123" }),
      }),
    )
  ).json()
).token as string;
const agent = await call("POST", "/users", token, { name: "Outra pessoa", email: "other@b.io", password: "other-123", profile: "user" });
const otherToken = (
  await (
    await app.handle(
      new Request("http://localhost/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "other@b.io", password: "other-123" }),
      }),
    )
  ).json()
).token as string;
if (!agent?.id) throw new Error("no second user");

const conn = await call("POST", "/whatsapp", token, { name: "Sandbox bench", channel: "sandbox" });
await Bun.sleep(50);
await call("POST", "/campaign-settings", token, { settings: { messageInterval: 0, longerIntervalAfter: 0 } });
const list = await call("POST", "/contact-lists", token, { name: "Bench" });
const rows: unknown[][] = [["Nome", "Número"]];
for (let i = 0; i < N; i++) rows.push([`Cliente ${i}`, `5511${String(900000000 + i)}`]);
const wb = XLSX.utils.book_new();
XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), "Lista");
const form = new FormData();
form.append(
  "file",
  new File([XLSX.write(wb, { type: "array", bookType: "xlsx" }) as ArrayBuffer], "bench.xlsx", {
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  }),
);
let t0 = performance.now();
const imported = await call("POST", `/contact-lists/${list.id}/upload`, token, undefined, form);
figure({
  name: `contact list import (${N} rows, .xlsx)`,
  value: performance.now() - t0,
  unit: "ms",
  target: 5_000,
  better: "lower",
  note: `created ${imported.created}`,
});

const campaign = await call("POST", "/campaigns", token, {
  name: "Bench",
  message1: "Oi {nome}",
  message2: "Olá {nome}",
  whatsappId: conn.id,
  contactListId: list.id,
  scheduledAt: new Date(Date.now() - 1000).toISOString(),
});
t0 = performance.now();
const { startDueCampaigns } = await import("../src/modules/campaigns/dispatcher");
await startDueCampaigns(deps);
figure({ name: `campaign start (${N} shipments in one transaction)`, value: performance.now() - t0, unit: "ms", target: 1_000, better: "lower" });

// another user keeps working while the campaign runs
const latencies: number[] = [];
let running = true;
const other = (async () => {
  while (running) {
    const s = performance.now();
    await call("GET", "/tickets?status=pending", otherToken);
    latencies.push(performance.now() - s);
    await Bun.sleep(25);
  }
})();
t0 = performance.now();
frames = 0;
for (;;) {
  await deps.jobs.runNow("campaigns.dispatch");
  const c = await call("GET", `/campaigns/${campaign.id}`, token);
  if (c.status === "FINALIZADA") break;
}
const seconds = (performance.now() - t0) / 1000;
running = false;
await other;
const done = await call("GET", `/campaigns/${campaign.id}`, token);
if (done.progress.delivered !== N) throw new Error(`delivered ${done.progress.delivered} of ${N}`);
latencies.sort((a, b) => a - b);
figure({
  name: `campaign sends, no pause (${N} through the sandbox)`,
  value: N / seconds,
  unit: "msg/s",
  target: 50,
  better: "higher",
  note: "real campaigns pause 20 s per message by default",
});
figure({
  name: "another user's GET /tickets during the run, p99",
  value: pct(latencies, 0.99),
  unit: "ms",
  target: 200,
  better: "lower",
  note: `p50 ${pct(latencies, 0.5).toFixed(1)} ms, ${latencies.length} calls`,
});
figure({ name: "progress frames per second during the run", value: frames / seconds, unit: "frames/s", note: "throttled to ≤ 2.5 per campaign" });
db.sqlite.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
