import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import type postgres from "postgres";
import { ingestMessage } from "../../src/inbound/receive";
import { applyEdit } from "../../src/modules/messages/service-channel";
import { makeTestApp } from "../helpers/app";
import { inbound, makeConnection } from "../helpers/channel";
import { CREATORS } from "../helpers/fixtures";

// A search's page is kept in `deps.reads` until the database changes (src/db/read-cache.ts): every
// change a search can see must show in the very next search, whoever made it.
const t = await makeTestApp();
const a = await t.newCompany();
const conn = { id: (await makeConnection(t, a.company.id)).connection.id, companyId: a.company.id };
const from = (number: string, name: string, body: string, id?: string) =>
  inbound(number, body, { ...(id ? { id } : {}), chat: { number, address: `${number}@s.whatsapp.net`, pushName: name } });

type Row = { id: number; contact: { name: string } };
const search = async (token: string, text: string, showAll = true) => {
  const r = await t.call("GET", `/tickets?pageNumber=1&searchParam=${encodeURIComponent(text)}${showAll ? "&showAll=true" : ""}`, { token });
  expect(r.status).toBe(200);
  const rows = r.json.tickets as Row[];
  return { names: rows.map((x) => x.contact.name), ids: rows.map((x) => x.id), count: r.json.count as number };
};

describe("a search's page is kept until the database changes", () => {
  test("the same search twice is answered from the cache; a new message is found by the next one", async () => {
    await ingestMessage(t.deps, conn, from("5511930000001", "Alice Prado", "orçamento de mármore"));
    const first = await search(a.admin.token, "marmore");
    expect(first).toMatchObject({ names: ["Alice Prado"], count: 1 });
    const kept = t.deps.reads.size;
    expect(kept).toBeGreaterThan(0);
    expect(await search(a.admin.token, "marmore")).toEqual(first);
    expect(t.deps.reads.size).toBe(kept);
    await ingestMessage(t.deps, conn, from("5511930000002", "Bruno Reis", "mármore rachado"));
    expect(await search(a.admin.token, "marmore")).toMatchObject({ names: ["Bruno Reis", "Alice Prado"], count: 2 });
  });

  test("newer activity reorders the page; an edited message leaves the search that found it", async () => {
    await ingestMessage(t.deps, conn, from("5511930000001", "Alice Prado", "e o prazo?", "WACACHE1"));
    expect((await search(a.admin.token, "marmore")).names).toEqual(["Alice Prado", "Bruno Reis"]);
    await ingestMessage(t.deps, conn, from("5511930000003", "Carla Dias", "granito polido", "WACACHE2"));
    expect((await search(a.admin.token, "granito")).names).toEqual(["Carla Dias"]);
    expect(await applyEdit(t.deps, a.company.id, conn.id, "WACACHE2", "quartzo polido")).toBe(true);
    expect((await search(a.admin.token, "granito")).count).toBe(0);
    expect((await search(a.admin.token, "quartzo")).names).toEqual(["Carla Dias"]);
  });

  test("a renamed contact is found by the new name only; a deleted ticket is gone", async () => {
    const before = await search(a.admin.token, "carla");
    expect(before.names).toEqual(["Carla Dias"]);
    const ticket = await t.call("GET", `/tickets/${before.ids[0]}`, { token: a.admin.token });
    const contactId = ticket.json.contact.id as number;
    expect((await t.call("PUT", `/contacts/${contactId}`, { token: a.admin.token, body: { name: "Carolina Dias" } })).status).toBe(200);
    expect((await search(a.admin.token, "carla")).count).toBe(0);
    expect((await search(a.admin.token, "carolina")).names).toEqual(["Carolina Dias"]);
    expect((await t.call("DELETE", `/tickets/${before.ids[0]}`, { token: a.admin.token })).status).toBe(200);
    expect((await search(a.admin.token, "carolina")).count).toBe(0);
    expect((await search(a.admin.token, "quartzo")).count).toBe(0);
  });

  test("an agent's search follows the ticket when it is taken, moved to another queue, and when the agent's queues change", async () => {
    const sales = await CREATORS.queue(t, a.admin.token);
    const billing = await CREATORS.queue(t, a.admin.token);
    const agent = await t.newUser(a.admin.token, { name: "Agente Cache", profile: "user", queueIds: [sales] });
    await ingestMessage(t.deps, conn, from("5511930000004", "Diego Faria", "parafuso sextavado"));
    const id = (await search(a.admin.token, "sextavado")).ids[0];
    expect((await t.call("PUT", `/tickets/${id}`, { token: a.admin.token, body: { queueId: sales } })).status).toBe(200);
    // Pending in the agent's queue: found, and found again from the cache.
    expect(await search(agent.token, "sextavado", false)).toMatchObject({ ids: [id], count: 1 });
    expect(await search(agent.token, "sextavado", false)).toMatchObject({ ids: [id], count: 1 });
    // Moved to a queue that is not the agent's: gone from the agent's search (the admin still finds it).
    expect((await t.call("PUT", `/tickets/${id}`, { token: a.admin.token, body: { queueId: billing } })).status).toBe(200);
    expect((await search(agent.token, "sextavado", false)).count).toBe(0);
    expect((await search(a.admin.token, "sextavado")).count).toBe(1);
    // The agent is given that queue: found again.
    expect((await t.call("PUT", `/users/${agent.id}`, { token: a.admin.token, body: { queueIds: [sales, billing] } })).status).toBe(200);
    expect((await search(agent.token, "sextavado", false)).ids).toEqual([id]);
    // Taken by the admin: neither the agent's nor pending any more.
    expect((await t.call("PUT", `/tickets/${id}`, { token: a.admin.token, body: { status: "open", userId: a.admin.user.id } })).status).toBe(200);
    expect((await search(agent.token, "sextavado", false)).count).toBe(0);
  });

  test("a write by another process (another connection to the database) is seen by the next search", async () => {
    expect((await search(a.admin.token, "zanzibar")).count).toBe(0);
    const now = new Date().toISOString();
    const contactSql = "insert into contacts (company_id, name, number, uuid, created_at, updated_at) values ($1, $2, $3, $4, $5, $6) returning id";
    const contactArgs = [a.company.id, "Zanzibar Importados", "5511930000005", crypto.randomUUID(), now, now];
    const ticketSql = "insert into tickets (uuid, company_id, status, contact_id, created_at, updated_at) values ($1, $2, 'pending', $3, $4, $5)";
    if (t.db.engine === "pg") {
      // A connection of its own, outside the app's statements (as the CLI or another node would write).
      const other = await (t.db as unknown as { $client: postgres.Sql }).$client.reserve();
      const [contact] = await other.unsafe(contactSql, contactArgs);
      await other.unsafe(ticketSql, [crypto.randomUUID(), a.company.id, contact.id, now, now]);
      other.release();
    } else {
      const other = new Database(t.config.dbPath);
      const contact = other.query(contactSql).get(...contactArgs) as { id: number };
      other.query(ticketSql).run(crypto.randomUUID(), a.company.id, contact.id, now, now);
      other.close();
    }
    expect((await search(a.admin.token, "zanzibar")).names).toEqual(["Zanzibar Importados"]);
  });
});
