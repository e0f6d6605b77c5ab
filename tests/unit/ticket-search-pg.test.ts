import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PgDialect } from "drizzle-orm/pg-core";
import { LIMITS } from "../../src/contract/limits";
import type { TicketListInput } from "../../src/contract/schemas/tickets";
import type { SessionUser } from "../../src/core/user";
import { companies } from "../../src/modules/companies/schema";
import { contacts } from "../../src/modules/contacts/schema";
import { messages } from "../../src/modules/messages/schema";
import { plans } from "../../src/modules/plans/schema";
import { queues } from "../../src/modules/queues/schema";
import { ticketListFilter } from "../../src/modules/tickets/list-filter";
import { tickets } from "../../src/modules/tickets/schema";
import { readSearchPage, searchPageQuery } from "../../src/modules/tickets/search";
import { openPostgres } from "../../src/db/pg-client";
import { dropSearchIndexPg, rebuildSearchIndexPg, SEARCH_PG_MIGRATION } from "../../src/modules/messages/search-index-pg";
import { users } from "../../src/modules/users/schema";
import { createTestDatabase } from "../support/postgres";
import { searchTableTests, type TableIds, type Who } from "../helpers/search-table";

// The search table on PostgreSQL, through the PostgreSQL search functions (search-pg.ts) and the same
// list conditions as GET /tickets (list-filter.ts), on a database migrated by migrations-pg (its 0002
// is the search migration) in the test cluster.
const dialect = new PgDialect();
const database = await createTestDatabase();
const pg = openPostgres(database.url, { max: 2 });
const client = pg.$client;
afterAll(async () => {
  await client.end({ timeout: 5 });
  await database.drop();
});
// The sqlite-core tables run unchanged on the pg driver (PLAN.md phase 3: one schema); their types are SQLite's.
// biome-ignore lint/suspicious/noExplicitAny: see above
const db: any = pg;
const now = new Date().toISOString();

async function setUp(): Promise<TableIds> {
  const stamp = { createdAt: now, updatedAt: now };
  const [plan] = await db
    .insert(plans)
    .values({ name: "Plano", ...stamp })
    .returning({ id: plans.id });
  const [a, b] = await db
    .insert(companies)
    .values([
      { name: "Empresa A", planId: plan.id, ...stamp },
      { name: "Empresa B", planId: plan.id, ...stamp },
    ])
    .returning({ id: companies.id });
  const user = (companyId: number, email: string, profile: string) => ({ companyId, name: email, email, passwordHash: "x", profile, ...stamp });
  const [adminA, agentA] = await db
    .insert(users)
    .values([user(a.id, "admin.a@test.local", "admin"), user(a.id, "agent.a@test.local", "user"), user(b.id, "admin.b@test.local", "admin")])
    .returning({ id: users.id });
  const [sales, billing] = await db
    .insert(queues)
    .values([
      { companyId: a.id, name: "Vendas", color: "#111111", ...stamp },
      { companyId: a.id, name: "Cobrança", color: "#222222", ...stamp },
    ])
    .returning({ id: queues.id });
  return { companyA: a.id, companyB: b.id, adminA: adminA.id, agentA: agentA.id, sales: sales.id, billing: billing.id };
}

/** One page of GET /tickets' search as PostgreSQL answers it. */
async function pgSearch(ids: TableIds, who: Who, text: string, opts: { page?: number; status?: string } = {}) {
  const companyId = who === "adminB" ? ids.companyB : ids.companyA;
  const u: SessionUser = {
    id: who === "agentA" ? ids.agentA : who === "adminA" ? ids.adminA : 0,
    companyId,
    name: who,
    email: "",
    profile: who === "agentA" ? "user" : "admin",
    super: false,
    whatsappId: null,
    allTicket: "disable",
    queueIds: who === "agentA" ? [ids.sales] : [],
  };
  const q = { searchParam: text, pageNumber: opts.page ?? 1, showAll: who !== "agentA", status: opts.status } as TicketListInput;
  const f = ticketListFilter(u, companyId, q, "pg");
  if (!f.set) throw new Error("no search");
  const size = LIMITS.ticketsPageSize;
  const query = dialect.sqlToQuery(searchPageQuery("pg", companyId, f.set, f.where, f.onlySearch, size, (q.pageNumber - 1) * size));
  const [row] = await client.unsafe(query.sql, query.params as never[]);
  const page = readSearchPage(row as unknown as { total: unknown; ids: unknown });
  return { ids: page.ids, count: page.total };
}

const tableIds = await setUp();
await searchTableTests("PostgreSQL, search-pg.ts", { ids: tableIds, db, search: (who, text, opts) => pgSearch(tableIds, who, text, opts) });

describe("the PostgreSQL search index", () => {
  const explain = async (text: string) => {
    const q = dialect.sqlToQuery(
      searchPageQuery(
        "pg",
        tableIds.companyA,
        ticketListFilter(admin(), tableIds.companyA, { searchParam: text, pageNumber: 1, showAll: true } as TicketListInput, "pg").set!,
        undefined,
        true,
        40,
        0,
      ),
    );
    return ((await client.unsafe(`explain ${q.sql}`, q.params as never[])) as { "QUERY PLAN": string }[]).map((r) => r["QUERY PLAN"]).join("\n");
  };
  const admin = (): SessionUser => ({
    id: tableIds.adminA,
    companyId: tableIds.companyA,
    name: "a",
    email: "",
    profile: "admin",
    super: false,
    whatsappId: null,
    allTicket: "disable",
    queueIds: [],
  });

  test("migrations-pg/0002 is the search migration of search-index-pg.ts", () => {
    const file = readFileSync(join(import.meta.dir, "../../migrations-pg/0002_messages_search.sql"), "utf8");
    expect(file.replace(/^(--[^\n]*\n)+/, "")).toBe(SEARCH_PG_MIGRATION);
  });

  test("a search by word is answered by messages_fts_idx, inside the company", async () => {
    await client`analyze`;
    expect(await explain("carimbo")).toContain("messages_fts_idx");
    const [q] = await client`select message_search_query(${tableIds.companyA}, 'Cobrança DUPL') as q`;
    expect(q.q).toBe(`'#${tableIds.companyA}' & 'cobranca':* & 'dupl':*`);
  });

  test("rebuildSearchIndexPg builds the index from the rows as they are (the copier's bulk load)", async () => {
    await dropSearchIndexPg(client);
    expect(await explain("carimbo")).not.toContain("messages_fts_idx");
    // Rows copied while there is no index, as migrate-to-postgres does.
    const [c] = await db
      .insert(contacts)
      .values({ companyId: tableIds.companyA, name: "Copiada", number: "5511977770000", uuid: crypto.randomUUID(), createdAt: now, updatedAt: now })
      .returning({ id: contacts.id });
    const [t] = await db
      .insert(tickets)
      .values({ uuid: crypto.randomUUID(), companyId: tableIds.companyA, contactId: c.id, createdAt: now, updatedAt: now })
      .returning({ id: tickets.id });
    await db
      .insert(messages)
      .values({ companyId: tableIds.companyA, ticketId: t.id, wid: "COPIED1", body: "Instalação do aquecedor", createdAt: now, updatedAt: now });
    expect(await rebuildSearchIndexPg(client)).toBeGreaterThan(1200);
    expect(await explain("aquecedor")).toContain("messages_fts_idx");
    expect(await pgSearch(tableIds, "adminA", "instalacao aquec")).toEqual({ ids: [t.id], count: 1 });
    expect(await pgSearch(tableIds, "adminB", "aquecedor")).toEqual({ ids: [], count: 0 });
  });
});
