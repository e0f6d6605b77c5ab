/**
 * Ticket search on PostgreSQL at scale: the data set of scale.ts (100k tickets, 20k contacts, 1M messages)
 * moved into a private cluster of the machine's PostgreSQL (tests/support/pg-cluster.ts, 512 MB of shared
 * buffers) by `migrate-to-postgres` itself (src/ops/migrate-to-postgres.ts), then the
 * searches of scale.ts (by word, by number; admin showing all, agent with 2 queues) as GET /tickets builds
 * them (list-filter.ts, search-pg.ts): p50/p95 of one client and the backend's CPU per query (from /proc;
 * parallel workers off, so the CPU is all in that backend). Then the same word through a pg_trgm index
 * instead (the alternative measured against the chosen tsvector index). Not in `bun run bench` (it needs
 * PostgreSQL and takes minutes): `bun run bench/search-pg.ts [--smoke]`. With BENCH_PG_URL set it works on
 * that database instead (loading the data set only when it has no messages table; the pg_trgm index is
 * dropped at the end), to look at plans between runs.
 */
import { readFileSync, rmSync } from "node:fs";
import { PgDialect } from "drizzle-orm/pg-core";
import { LIMITS } from "../src/contract/limits";
import type { TicketListInput } from "../src/contract/schemas/tickets";
import type { SessionUser } from "../src/core/user";
import { ticketListFilter } from "../src/modules/tickets/list-filter";
import { searchPageQuery } from "../src/modules/tickets/search";
import { loadConfig } from "../src/config";
import { openPostgres } from "../src/db/pg-client";
import { setLogLevel } from "../src/lib/logger";
import { rebuildSearchIndexPg } from "../src/modules/messages/search-index-pg";
import { migrateToPostgres } from "../src/ops/migrate-to-postgres";
import * as schema from "../src/schema";
import { startCluster } from "../tests/support/pg-cluster";
import { datasetCopy } from "./lib/dataset";
import { ADMIN, AGENT, SEARCH_WORD } from "./lib/generate";
import { figure, pct, SMOKE_MODE } from "./lib/report";

const RUNS = SMOKE_MODE ? 5 : 60;
setLogLevel("silent");
const dir = await datasetCopy();
const given = process.env.BENCH_PG_URL;
const cluster = given ? undefined : await startCluster({ settings: ["shared_buffers=512MB"] });
const url = given ?? cluster!.urlFor("bench");
if (cluster) {
  const admin = openPostgres(cluster.adminUrl, { max: 1 }).$client;
  await admin.unsafe("create database bench");
  await admin.end();
}
const sql = openPostgres(url, { max: 1 }).$client;
const dialect = new PgDialect();
try {
  const [{ loaded }] = await sql`select to_regclass('messages') is not null as loaded`;
  if (!loaded) {
    const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dir, LOG_LEVEL: "silent" });
    const t0 = performance.now();
    const moved = await migrateToPostgres(config, url, { tables: schema });
    const messages = moved.tables.find((t) => t.table === "messages");
    figure({ name: "migrate-to-postgres of the data set", value: (performance.now() - t0) / 1000, unit: "s", note: `${messages?.rows} messages` });
  }
  const t0 = performance.now();
  await rebuildSearchIndexPg(sql);
  figure({ name: "search index rebuilt (rebuildSearchIndexPg)", value: (performance.now() - t0) / 1000, unit: "s" });
  // One client on one core: the CPU per query is all in this backend.
  await sql`set max_parallel_workers_per_gather = 0`;
  const [size] = await sql`select pg_relation_size('messages_fts_idx') / 1048576.0 as mb`;
  figure({ name: "search index size", value: Number(size.mb), unit: "MB" });

  const [{ pid }] = await sql`select pg_backend_pid() as pid`;
  const cpuMs = () => {
    const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(f[11]) + Number(f[12])) * 10;
  };
  const who = async (email: string): Promise<SessionUser> => {
    const [u] = await sql`select id, company_id, profile from users where email = ${email}`;
    const queues = await sql`select queue_id from user_queues where user_id = ${u.id}`;
    return {
      id: u.id,
      companyId: u.company_id,
      name: email,
      email,
      profile: u.profile,
      super: false,
      whatsappId: null,
      allTicket: "disable",
      queueIds: queues.map((q) => q.queue_id),
    };
  };
  const admin = await who(ADMIN.email);
  const agent = await who(AGENT.email);
  const [{ number }] = await sql`select number from contacts where company_id = 1 order by id limit 1 offset 10`;
  const pageQuery = (u: SessionUser, text: string) => {
    const q = { searchParam: text, pageNumber: 1, showAll: u.profile === "admin" } as TicketListInput;
    const f = ticketListFilter(u, u.companyId, q, "pg");
    const size = LIMITS.ticketsPageSize;
    return dialect.sqlToQuery(searchPageQuery("pg", u.companyId, f.set!, f.where, f.onlySearch, size, 0));
  };
  const measure = async (label: string, query: { sql: string; params: unknown[] }, target?: number) => {
    const run = () => sql.unsafe(query.sql, query.params as never[]);
    for (let i = 0; i < 3; i++) await run();
    const samples: number[] = [];
    const cpu0 = cpuMs();
    let total = 0;
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const [row] = await run();
      samples.push(performance.now() - t);
      total = Number(row?.total ?? row?.n ?? 0);
    }
    const cpu = (cpuMs() - cpu0) / RUNS;
    samples.sort((a, b) => a - b);
    figure({ name: `${label} p50`, value: pct(samples, 0.5), unit: "ms", target, better: "lower", note: `${total} found` });
    figure({ name: `${label} p95`, value: pct(samples, 0.95), unit: "ms" });
    figure({ name: `${label}, backend CPU per query`, value: cpu, unit: "ms" });
  };

  await measure("PG search by word (admin)", pageQuery(admin, SEARCH_WORD), 50);
  await measure("PG search by word (agent)", pageQuery(agent, SEARCH_WORD), 50);
  await measure("PG search by number (admin)", pageQuery(admin, number.slice(-6)), 50);
  await measure("PG search by number (agent)", pageQuery(agent, number.slice(-6)), 50);
  await measure("PG search by two words (admin)", pageQuery(admin, `${SEARCH_WORD} prod`));
  await measure("PG search by a two-letter prefix (admin)", pageQuery(admin, "bo"));
  const matchesTsv = {
    sql: "select count(distinct ticket_id) as n from messages where message_search_doc(company_id, body) @@ message_search_query(1, $1)",
    params: [SEARCH_WORD],
  };
  await measure("PG tsvector: the word's tickets alone", matchesTsv);

  // The alternative: pg_trgm over the body without accents, a word's beginning as a regular expression.
  const t1 = performance.now();
  await sql.unsafe("create extension if not exists pg_trgm");
  await sql.unsafe(`create or replace function trgm_fold(t text) returns text language sql immutable parallel safe strict
    return lower(public.unaccent('public.unaccent'::regdictionary, t) collate "default")`);
  await sql.unsafe("create index messages_trgm_idx on messages using gin (trgm_fold(body) gin_trgm_ops)");
  await sql.unsafe("analyze messages");
  figure({ name: "pg_trgm index built", value: (performance.now() - t1) / 1000, unit: "s" });
  const [trgm] = await sql`select pg_relation_size('messages_trgm_idx') / 1048576.0 as mb`;
  figure({ name: "pg_trgm index size", value: Number(trgm.mb), unit: "MB" });
  const wordStart = (w: string) => `(^|[^a-z0-9])${w}`;
  await measure("PG pg_trgm: the word's tickets alone", {
    sql: "select count(distinct ticket_id) as n from messages where company_id = 1 and trgm_fold(body) ~ $1",
    params: [wordStart(SEARCH_WORD)],
  });
  await measure("PG pg_trgm: a two-letter prefix's tickets alone", {
    sql: "select count(distinct ticket_id) as n from messages where company_id = 1 and trgm_fold(body) ~ $1",
    params: [wordStart("bo")],
  });
  await measure("PG tsvector: a two-letter prefix's tickets alone", { ...matchesTsv, params: ["bo"] });
} finally {
  if (given) await sql.unsafe("drop index if exists messages_trgm_idx");
  await sql.end();
  cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
}
