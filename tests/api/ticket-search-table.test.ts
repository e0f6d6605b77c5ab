import { makeTestApp } from "../helpers/app";
import { CREATORS } from "../helpers/fixtures";
import { searchTableTests, type Who } from "../helpers/search-table";

// The search table on SQLite, through GET /tickets (visibility, the search, the page and its cache).
const t = await makeTestApp();
const a = await t.newCompany();
const b = await t.newCompany();
const sales = await CREATORS.queue(t, a.admin.token);
const billing = await CREATORS.queue(t, a.admin.token);
const agent = await t.newUser(a.admin.token, { name: "Agente Tabela", profile: "user", queueIds: [sales] });
const tokens: Record<Who, string> = { adminA: a.admin.token, agentA: agent.token, adminB: b.admin.token };
await searchTableTests("SQLite, GET /tickets", {
  ids: { companyA: a.company.id, companyB: b.company.id, adminA: a.admin.user.id, agentA: agent.id, sales, billing },
  db: t.db,
  async search(who, text, opts = {}) {
    const query = new URLSearchParams({ searchParam: text, pageNumber: String(opts.page ?? 1) });
    if (who !== "agentA") query.set("showAll", "true");
    if (opts.status) query.set("status", opts.status);
    const r = await t.call("GET", `/tickets?${query}`, { token: tokens[who] });
    if (r.status !== 200) throw new Error(`GET /tickets: ${r.status} ${r.text}`);
    return { ids: (r.json.tickets as { id: number }[]).map((x) => x.id), count: r.json.count as number };
  },
});
