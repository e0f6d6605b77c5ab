import { describe, expect, test } from "bun:test";
import { ingestMessage } from "../../src/bot";
import { LIMITS } from "../../src/contract/limits";
import { makeTestApp } from "../helpers/app";
import { inbound, makeConnection } from "../helpers/channel";

// GET /tickets search and counts (BEHAVIOUR.md §4.3): contact name or number, or message text (FTS5).
const t = await makeTestApp();
const a = await t.newCompany();
const b = await t.newCompany();
const connA = { id: makeConnection(t, a.company.id).connection.id, companyId: a.company.id };
const connB = { id: makeConnection(t, b.company.id).connection.id, companyId: b.company.id };

const from = (number: string, name: string, body: string) => inbound(number, body, { chat: { number, address: `${number}@s.whatsapp.net`, pushName: name } });
await ingestMessage(t.deps, connA, from("5511911112222", "Mariana Souza", "quero trocar o produto com defeito"));
await ingestMessage(t.deps, connA, from("5511933334444", "Pedro Lima", "meu boleto veio atrasado"));
await ingestMessage(t.deps, connB, from("5511955556666", "Mariana Outra", "outro defeito aqui"));

type Row = { contact: { name: string; number: string } };
const search = async (token: string, text: string, page = 1) => {
  const r = await t.call("GET", `/tickets?showAll=true&pageNumber=${page}&searchParam=${encodeURIComponent(text)}`, { token });
  expect(r.status).toBe(200);
  return { names: (r.json.tickets as Row[]).map((x) => x.contact.name), count: r.json.count as number, hasMore: r.json.hasMore as boolean };
};

describe("ticket search", () => {
  test("by contact name, by number digits and by message text, each within the caller's company", async () => {
    expect(await search(a.admin.token, "mariana")).toEqual({ names: ["Mariana Souza"], count: 1, hasMore: false });
    expect(await search(a.admin.token, "3333")).toEqual({ names: ["Pedro Lima"], count: 1, hasMore: false });
    expect(await search(a.admin.token, "defeito")).toEqual({ names: ["Mariana Souza"], count: 1, hasMore: false });
    expect(await search(a.admin.token, "bolet")).toEqual({ names: ["Pedro Lima"], count: 1, hasMore: false });
    expect(await search(b.admin.token, "defeito")).toEqual({ names: ["Mariana Outra"], count: 1, hasMore: false });
    expect(await search(b.admin.token, "pedro")).toEqual({ names: [], count: 0, hasMore: false });
  });

  test("a page past the matches is empty and still carries the count", async () => {
    expect(await search(a.admin.token, "mariana", 2)).toEqual({ names: [], count: 1, hasMore: false });
  });

  test("wildcards and FTS syntax in the text are taken literally", async () => {
    expect((await search(a.admin.token, "%")).count).toBe(0);
    expect((await search(a.admin.token, '"defeito" OR *')).count).toBe(0);
  });

  test("many matches: 40 per page, the count covers them all", async () => {
    for (let i = 0; i < LIMITS.ticketsPageSize + 5; i++)
      await ingestMessage(t.deps, connA, from(`55119770${String(i).padStart(5, "0")}`, `Lote ${i}`, "pedido de garantia"));
    const first = await search(a.admin.token, "garantia");
    expect(first.names.length).toBe(LIMITS.ticketsPageSize);
    expect(first).toMatchObject({ count: LIMITS.ticketsPageSize + 5, hasMore: true });
    const second = await search(a.admin.token, "garantia", 2);
    expect(second).toMatchObject({ count: LIMITS.ticketsPageSize + 5, hasMore: false });
    expect(second.names.length).toBe(5);
  });
});

describe("tab counts", () => {
  test("a tab's count follows every change (never a stale count)", async () => {
    const count = async () => (await t.call("GET", "/tickets?status=pending&showAll=true", { token: a.admin.token })).json.count as number;
    const before = await count();
    expect(await count()).toBe(before);
    await ingestMessage(t.deps, connA, from("5511988880000", "Nova Cliente", "oi"));
    expect(await count()).toBe(before + 1);
    const r = await t.call("GET", "/tickets?status=pending&showAll=true&searchParam=nova", { token: a.admin.token });
    const id = r.json.tickets[0].id as number;
    expect((await t.call("PUT", `/tickets/${id}`, { token: a.admin.token, body: { status: "open", userId: a.admin.user.id } })).status).toBe(200);
    expect(await count()).toBe(before);
  });
});
