/**
 * POST /tickets/changes: the catch-up of an app whose socket died (a phone that slept). It answers
 * only tickets the caller may see, changed after the given time, bounded; and tells which tickets the
 * app holds that it must drop — never anything about tickets it did not hold.
 */
import { describe, expect, test } from "bun:test";
import { handleInbound } from "../../src/inbound/receive";
import { TICKET_CHANGES_MAX } from "../../src/contract/schemas/tickets";
import { makeTestApp } from "../helpers/app";
import { inbound, makeConnection } from "../helpers/channel";

const t = await makeTestApp();
const a = await t.newCompany();
const b = await t.newCompany();
const adm = a.admin.token;
const vendas = (await t.call("POST", "/queue", { token: adm, body: { name: "Vendas", color: "#118811" } })).json.id as number;
const suporte = (await t.call("POST", "/queue", { token: adm, body: { name: "Suporte", color: "#111188" } })).json.id as number;
const ana = await t.newUser(adm, { name: "Ana", queueIds: [vendas] });
const { connection } = await makeConnection(t, a.company.id);
const conn = { id: connection.id, companyId: a.company.id };
const { connection: connB } = await makeConnection(t, b.company.id);

async function ticketIn(number: string, queueId: number) {
  const r = await handleInbound(t.deps, conn, inbound(number, "oi"));
  await t.call("PUT", `/tickets/${r!.ticket.id}`, { token: adm, body: { status: "pending", queueId } });
  return r!.ticket.id;
}
const changes = (token: string, body: unknown) => t.call("POST", "/tickets/changes", { token, body });

describe("POST /tickets/changes", () => {
  test("an agent gets the tickets of her queues that changed since then, oldest change first; another queue's are not shown", async () => {
    const since = new Date().toISOString();
    await Bun.sleep(5);
    const inVendas = await ticketIn("5511960000001", vendas);
    const inSuporte = await ticketIn("5511960000002", suporte);
    const r = await changes(ana.token, { since, known: [] });
    expect(r.status).toBe(200);
    expect(r.json.tickets.map((x: { id: number }) => x.id)).toEqual([inVendas]);
    expect(r.json).toMatchObject({ gone: [], hasMore: false });
    // the admin sees both
    const all = (await changes(adm, { since })).json.tickets.map((x: { id: number }) => x.id);
    expect(all).toEqual(expect.arrayContaining([inVendas, inSuporte]));
    // nothing changed after now
    expect((await changes(ana.token, { since: new Date(Date.now() + 1000).toISOString() })).json.tickets).toEqual([]);
  });

  test("a held ticket moved to a queue she does not serve, or deleted, is listed as gone; unknown or foreign ids tell nothing", async () => {
    const moved = await ticketIn("5511960000003", vendas);
    const deleted = await ticketIn("5511960000004", vendas);
    const kept = await ticketIn("5511960000005", vendas);
    const since = new Date().toISOString();
    await Bun.sleep(5);
    await t.call("PUT", `/tickets/${moved}`, { token: adm, body: { status: "pending", queueId: suporte } });
    expect((await t.call("DELETE", `/tickets/${deleted}`, { token: adm })).status).toBe(200);
    const foreign = (await handleInbound(t.deps, { id: connB.id, companyId: b.company.id }, inbound("5511960000009", "oi")))!.ticket.id;
    const r = await changes(ana.token, { since, known: [moved, deleted, kept] });
    expect(r.json.gone.sort()).toEqual([moved, deleted].sort());
    expect(r.json.tickets.map((x: { id: number }) => x.id)).not.toContain(moved);
    // another company's id the caller claims to hold: only "gone", never its data
    const spy = await changes(ana.token, { since: "2000-01-01T00:00:00Z", known: [foreign] });
    expect(spy.json.gone).toEqual([foreign]);
    expect(JSON.stringify(spy.json.tickets)).not.toContain(`"id":${foreign},`);
  });

  test("the answer is bounded: past TICKET_CHANGES_MAX it says hasMore (the app reloads its lists)", async () => {
    const since = new Date().toISOString();
    await Bun.sleep(5);
    for (let i = 0; i < TICKET_CHANGES_MAX + 1; i++) await handleInbound(t.deps, conn, inbound(`55119500${String(i).padStart(5, "0")}`, "oi"));
    const r = await changes(adm, { since });
    expect(r.json.tickets).toHaveLength(TICKET_CHANGES_MAX);
    expect(r.json.hasMore).toBe(true);
    // 201 customers written one after the other: past the default 5 s on PostgreSQL on a busy machine.
  }, 30_000);

  test("bad input is a field error, never a 500; no token is 401", async () => {
    expect((await changes(adm, { since: "yesterday" })).json.fields).toEqual({ since: "validation.invalid" });
    expect((await changes(adm, {})).json.fields).toEqual({ since: "validation.required" });
    const tooMany = await changes(adm, { since: new Date().toISOString(), known: Array.from({ length: 501 }, (_, i) => i + 1) });
    expect(tooMany.status).toBe(400);
    expect((await changes(adm, { since: new Date().toISOString(), known: ["x"] })).status).toBe(400);
    expect((await t.call("POST", "/tickets/changes", { body: { since: new Date().toISOString() } })).status).toBe(401);
  });
});
