import { describe, expect, test } from "bun:test";
import { pgClientOf } from "../../src/db/pg-client";
import { ingestMessage } from "../../src/inbound/receive";
import { makeTestApp } from "../helpers/app";
import { inbound, makeConnection } from "../helpers/channel";
import { CREATORS } from "../helpers/fixtures";

// PostgreSQL's read cache keys on the data_version row (migrations-pg/0005, src/db/read-cache.ts pgVersion): every
// write a kept read could show moves it, whoever makes it (another node, the CLI, psql), and reads leave it alone.
// SQLite's own version (total_changes + data_version) is covered by ticket-search-cache.test.ts on both engines.
const onPg = process.env.BALCAO_TEST_ENGINE === "pg";
const t = await makeTestApp();
const a = await t.newCompany();
const conn = { id: (await makeConnection(t, a.company.id)).connection.id, companyId: a.company.id };
const from = (number: string, name: string, body: string) => inbound(number, body, { chat: { number, address: `${number}@s.whatsapp.net`, pushName: name } });
const sql = onPg ? pgClientOf(t.db) : null;
const version = async () => (await sql!`select version::text as v from data_version where id = 1`)[0].v as string;
const tab = async (status: string) => {
  const r = await t.call("GET", `/tickets?pageNumber=1&status=${status}&showAll=true`, { token: a.admin.token });
  expect(r.status).toBe(200);
  return r.json as { count: number; tickets: { id: number; contact: { name: string } }[] };
};

describe.skipIf(!onPg)("PostgreSQL's version of the data", () => {
  test("every table has the trigger that moves it, except those no kept read shows", async () => {
    const untriggered = await sql!`
      select t.table_name as name from information_schema.tables t
      where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and not exists (select 1 from pg_trigger g where g.tgrelid = ('public.' || quote_ident(t.table_name))::regclass and g.tgname = 'data_version')
      order by 1`;
    // Written often (WhatsApp keys, sign-in, limits, the nodes' own bookkeeping) and read by no kept read. A new table
    // belongs here only if no tab count, search page or audit count can show its rows; otherwise its migration adds
    // the trigger (see migrations-pg/0005_data_version.sql).
    expect(untriggered.map((r) => r.name)).toEqual(
      ["auth_challenges", "auth_sessions", "cluster_nodes", "connection_leases", "data_version", "instance_lock", "job_runs", "limiter_hits", "wa_auth"].sort(),
    );
  });

  test("reads leave the version alone and are answered from the cache; a write moves it once per transaction", async () => {
    await ingestMessage(t.deps, conn, from("5511940000001", "Alice Prado", "bom dia"));
    const id = (await tab("pending")).tickets[0].id;
    const page = () => t.call("GET", `/messages/${id}?pageNumber=1`, { token: a.admin.token });
    // The first look at a ticket's messages reads them (a write: its unread count goes to 0); the next ones do not.
    expect((await page()).status).toBe(200);
    const first = await tab("pending");
    const firstPage = await page();
    const v = await version();
    const kept = t.deps.reads.size;
    expect(kept).toBeGreaterThanOrEqual(2);
    expect(await tab("pending")).toEqual(first);
    expect((await page()).json).toEqual(firstPage.json);
    expect(await version()).toBe(v);
    expect(t.deps.reads.size).toBe(kept);
    // One transaction of several statements moves it by one.
    await sql!.begin(async (tx) => {
      await tx`update contacts set name = 'Alice P.' where company_id = ${a.company.id} and number = '5511940000001'`;
      await tx`update contacts set name = 'Alice Prado' where company_id = ${a.company.id} and number = '5511940000001'`;
    });
    expect(Number(await version())).toBe(Number(v) + 1);
    // A rolled-back write leaves it as it was.
    await sql!
      .begin(async (tx) => {
        await tx`update contacts set name = 'x' where company_id = ${a.company.id}`;
        throw new Error("rollback");
      })
      .catch(() => {});
    expect(Number(await version())).toBe(Number(v) + 1);
  });

  test("a write through another connection (another node, the CLI, psql) is seen by the next read", async () => {
    await ingestMessage(t.deps, conn, from("5511940000002", "Bruno Reis", "boa tarde"));
    const pending = await tab("pending");
    const closed = await tab("closed");
    expect(await tab("pending")).toEqual(pending);
    const id = pending.tickets[0].id;
    // Not through the services: as another node's or an operator's statement would.
    await sql!`update tickets set status = 'closed' where id = ${id}`;
    const after = await tab("pending");
    expect(after.count).toBe(pending.count - 1);
    expect(after.tickets.map((x) => x.id)).not.toContain(id);
    expect((await tab("closed")).count).toBe(closed.count + 1);
    await sql!`update contacts set name = 'Bruno Rocha' where company_id = ${a.company.id} and number = '5511940000002'`;
    const found = await t.call("GET", "/tickets?pageNumber=1&searchParam=rocha&showAll=true", { token: a.admin.token });
    expect(found.json.tickets.map((x: { id: number }) => x.id)).toEqual([id]);
  });

  test("a kept message page is checked against each caller, and a new message shows in the next read", async () => {
    const sales = await CREATORS.queue(t, a.admin.token);
    const billing = await CREATORS.queue(t, a.admin.token);
    const agent = await t.newUser(a.admin.token, { name: "Agente Página", profile: "user", queueIds: [sales] });
    await ingestMessage(t.deps, conn, from("5511940000003", "Carla Dias", "primeira"));
    const id = (await tab("pending")).tickets.find((x) => x.contact.name === "Carla Dias")!.id;
    expect((await t.call("PUT", `/tickets/${id}`, { token: a.admin.token, body: { queueId: billing } })).status).toBe(200);
    const page = (token: string) => t.call("GET", `/messages/${id}?pageNumber=1`, { token });
    expect((await page(a.admin.token)).status).toBe(200);
    const kept = await page(a.admin.token);
    expect(kept.json.messages.map((m: { body: string }) => m.body)).toEqual(["primeira"]);
    // The page is kept, the agent still may not read it (the ticket is in a queue that is not theirs)...
    expect((await page(agent.token)).status).toBe(403);
    // ...nor may another company's admin.
    const b = await t.newCompany();
    expect((await page(b.admin.token)).status).toBe(404);
    await ingestMessage(t.deps, conn, from("5511940000003", "Carla Dias", "segunda"));
    expect((await page(a.admin.token)).json.messages.map((m: { body: string }) => m.body)).toEqual(["primeira", "segunda"]);
    // The agent is given the queue: the same page now answers them.
    expect((await t.call("PUT", `/users/${agent.id}`, { token: a.admin.token, body: { queueIds: [sales, billing] } })).status).toBe(200);
    expect((await page(agent.token)).status).toBe(200);
  });

  test("without its row nothing is kept (a version that cannot be read never matches)", async () => {
    const v = await version();
    await sql!`delete from data_version`;
    try {
      await tab("open");
      await tab("open");
      expect(t.deps.reads.size).toBe(0);
    } finally {
      await sql!`insert into data_version (id, version) values (1, ${v})`;
    }
    await tab("open");
    await tab("open");
    expect(t.deps.reads.size).toBeGreaterThan(0);
  });
});

test.skipIf(onPg)("SQLite keeps its own version (no data_version table)", () => {
  expect(t.db.engine).toBe("sqlite");
  expect(t.db.sqlite.query("select name from sqlite_master where name = 'data_version'").all()).toEqual([]);
});
