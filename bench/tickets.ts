// Ticket list and search figures with 5,000 tickets and 50,000 messages: `bun run bench/tickets.ts`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp, createDeps } from "../src/app";
import { loadConfig } from "../src/config";
import { openDatabase } from "../src/db/client";
import { migrate } from "../src/db/migrate";
import { seed } from "../src/db/seed";

const dir = mkdtempSync(join(tmpdir(), "balcao-bench-"));
const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dir, ADMIN_EMAIL: "b@b.io", ADMIN_PASSWORD: "bench-123", LOG_LEVEL: "silent" });
const db = openDatabase(config.dbPath);
migrate(db);
await seed(db, config);
const app = buildApp(createDeps(db, config));
const TICKETS = 5000;
const PER_TICKET = 10;
const words = ["pedido", "entrega", "boleto", "atraso", "troca", "garantia", "pix", "nota", "cancelar", "endereço", "produto", "orçamento"];

const t0 = performance.now();
const now = new Date().toISOString();
db.sqlite.transaction(() => {
  const c = db.sqlite.prepare("insert into contacts (company_id, name, number, uuid, created_at, updated_at) values (1, ?, ?, ?, ?, ?)");
  const tk = db.sqlite.prepare("insert into tickets (uuid, company_id, status, contact_id, last_message, created_at, updated_at) values (?, 1, ?, ?, ?, ?, ?)");
  const m = db.sqlite.prepare("insert into messages (company_id, ticket_id, wid, body, from_me, created_at, updated_at) values (1, ?, ?, ?, ?, ?, ?)");
  for (let i = 1; i <= TICKETS; i++) {
    const ts = new Date(Date.now() - i * 60_000).toISOString();
    c.run(`Cliente ${i}`, `55119${String(i).padStart(8, "0")}`, crypto.randomUUID(), now, now);
    tk.run(crypto.randomUUID(), ["open", "pending", "closed"][i % 3], i, "última", ts, ts);
    for (let j = 0; j < PER_TICKET; j++) {
      const body = `${words[(i + j) % words.length]} ${words[(i * 7 + j) % words.length]} número ${i * 100 + j}`;
      m.run(i, `W${i}-${j}`, body, j % 2, ts, ts);
    }
  }
})();
console.log(`seeded ${TICKETS} tickets, ${TICKETS * PER_TICKET} messages in ${(performance.now() - t0).toFixed(0)} ms`);

const login = await app.handle(
  new Request("http://localhost/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "b@b.io", password: "bench-123" }),
  }),
);
const { token } = (await login.json()) as { token: string };

async function time(label: string, path: string, runs = 30) {
  const samples: number[] = [];
  let size = 0;
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    const r = await app.handle(new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}`, accept: "application/json" } }));
    const body = await r.text();
    samples.push(performance.now() - s);
    size = body.length;
  }
  samples.sort((a, b) => a - b);
  const p50 = samples[Math.floor(runs / 2)];
  const p95 = samples[Math.floor(runs * 0.95)];
  console.log(`${label.padEnd(44)} p50 ${p50.toFixed(2)} ms  p95 ${p95.toFixed(2)} ms  (${(size / 1024).toFixed(1)} KB)`);
}

await time("GET /tickets open, page 1 (40)", "/tickets?status=open&showAll=true");
await time("GET /tickets pending, page 20", "/tickets?status=pending&showAll=true&pageNumber=20");
await time("GET /tickets search message text (FTS)", `/tickets?showAll=true&searchParam=${encodeURIComponent("garantia 250")}`);
await time("GET /tickets search contact name", "/tickets?showAll=true&searchParam=Cliente%20499");
await time("GET /messages/{id} newest page (20)", "/messages/2500");
await time("GET /messages/{id} page 1 of an old ticket", "/messages/4999?pageNumber=1");
db.sqlite.close();
rmSync(dir, { recursive: true, force: true });
