import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { contacts } from "../../src/modules/contacts/schema";
import { messages } from "../../src/modules/messages/schema";
import { tickets } from "../../src/modules/tickets/schema";
import { ingestMessage } from "../../src/inbound/receive";
import { LIMITS } from "../../src/contract/limits";
import { applyEdit } from "../../src/modules/messages/service-channel";
import { makeTestApp } from "../helpers/app";
import { inbound, makeConnection } from "../helpers/channel";

// GET /tickets search and counts (R-TKT-13): contact name or number, or message text (FTS5).
const t = await makeTestApp();
const a = await t.newCompany();
const b = await t.newCompany();
const connA = { id: (await makeConnection(t, a.company.id)).connection.id, companyId: a.company.id };
const connB = { id: (await makeConnection(t, b.company.id)).connection.id, companyId: b.company.id };

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

  test("digits also find a contact whose name holds them (not only its number)", async () => {
    await ingestMessage(t.deps, connA, from("5511944440000", "Loja 2024", "bom dia"));
    expect(await search(a.admin.token, "2024")).toEqual({ names: ["Loja 2024"], count: 1, hasMore: false });
    expect(await search(a.admin.token, "44440")).toEqual({ names: ["Loja 2024"], count: 1, hasMore: false });
  });

  test("names match without case or accents, either way; LIKE's wildcards are literal", async () => {
    await ingestMessage(t.deps, connA, from("5511944440001", "João Ávila", "oi"));
    await ingestMessage(t.deps, connA, from("5511944440002", "Joana 1_0", "oi"));
    expect((await search(a.admin.token, "joao avila")).names).toEqual(["João Ávila"]);
    expect((await search(a.admin.token, "JOÃO ÁVILA")).names).toEqual(["João Ávila"]);
    expect((await search(a.admin.token, "1_0")).names).toEqual(["Joana 1_0"]);
    expect((await search(a.admin.token, "jo_o")).count).toBe(0);
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

describe("search by message text", () => {
  test("accents and case do not matter either way, and a word's beginning finds it", async () => {
    await ingestMessage(t.deps, connA, from("5511922220001", "Rita Alves", "Atenção: cobrança em DUPLICIDADE"));
    for (const text of ["atencao", "ATENÇÃO", "cobranca", "cobrança", "duplic", "Cobr dupl"])
      expect(await search(a.admin.token, text)).toEqual({ names: ["Rita Alves"], count: 1, hasMore: false });
    expect((await search(a.admin.token, "cobrança inexistente")).count).toBe(0);
    expect((await search(b.admin.token, "cobranca")).count).toBe(0);
  });

  test("an edited message is found by its new text only", async () => {
    await ingestMessage(
      t.deps,
      connA,
      inbound("5511922220002", "pedido numero trinta", {
        id: "WAEDIT1",
        chat: { number: "5511922220002", address: "5511922220002@s.whatsapp.net", pushName: "Otavio Reis" },
      }),
    );
    expect((await search(a.admin.token, "trinta")).names).toEqual(["Otavio Reis"]);
    expect(await applyEdit(t.deps, a.company.id, connA.id, "WAEDIT1", "pedido numero quarenta")).toBe(true);
    expect((await search(a.admin.token, "trinta")).count).toBe(0);
    expect((await search(a.admin.token, "quarenta")).names).toEqual(["Otavio Reis"]);
  });

  test("a deleted ticket's messages are no longer found; the same words in other tickets still are", async () => {
    await ingestMessage(t.deps, connA, from("5511922220003", "Sara Dias", "parafuso solto na tampa"));
    await ingestMessage(t.deps, connA, from("5511922220004", "Tiago Melo", "parafuso novo"));
    const found = await t.call("GET", "/tickets?showAll=true&searchParam=parafuso", { token: a.admin.token });
    expect(found.json.count).toBe(2);
    const sara = (found.json.tickets as (Row & { id: number })[]).find((x) => x.contact.name === "Sara Dias")!;
    expect((await t.call("DELETE", `/tickets/${sara.id}`, { token: a.admin.token })).status).toBe(200);
    expect(await search(a.admin.token, "parafuso")).toEqual({ names: ["Tiago Melo"], count: 1, hasMore: false });
    expect((await search(a.admin.token, "tampa")).count).toBe(0);
  });

  test("an agent finds only the tickets they may see (not one another user took)", async () => {
    const agent = await t.newUser(a.admin.token, { name: "Agente Busca", profile: "user" });
    await ingestMessage(t.deps, connA, from("5511922220005", "Ursula Neves", "carimbo azul"));
    await ingestMessage(t.deps, connA, from("5511922220006", "Vera Luz", "carimbo verde"));
    const both = await t.call("GET", "/tickets?showAll=true&searchParam=carimbo", { token: a.admin.token });
    const vera = (both.json.tickets as (Row & { id: number })[]).find((x) => x.contact.name === "Vera Luz")!;
    // Vera's ticket is taken by the admin: an agent no longer sees it (neither theirs nor pending).
    expect((await t.call("PUT", `/tickets/${vera.id}`, { token: a.admin.token, body: { status: "open", userId: a.admin.user.id } })).status).toBe(200);
    const r = await t.call("GET", "/tickets?pageNumber=1&searchParam=carimbo", { token: agent.token });
    expect({ names: (r.json.tickets as Row[]).map((x) => x.contact.name), count: r.json.count }).toEqual({ names: ["Ursula Neves"], count: 1 });
  });
});

// Written straight to the database (the pipeline would take seconds): 1,300 tickets of a new company,
// 1,200 with the word (some twice), many sharing an updated_at so the id decides their order.
const c = await t.newCompany();
const expected: { id: number; at: string }[] = [];
await t.db.transaction(async (tx) => {
  const companyId = c.company.id;
  const rows = Array.from({ length: 1300 }, (_, i) => ({
    i,
    at: new Date(Date.UTC(2026, 0, 1) + (i % 400) * 60_000).toISOString(),
    number: `55119600${String(i).padStart(5, "0")}`,
  }));
  const made = await tx
    .insert(contacts)
    .values(rows.map((r) => ({ companyId, name: `Massa ${r.i}`, number: r.number, uuid: crypto.randomUUID(), createdAt: r.at, updatedAt: r.at })))
    .returning({ id: contacts.id, number: contacts.number });
  const contactOf = new Map(made.map((k) => [k.number, k.id]));
  const opened = await tx
    .insert(tickets)
    .values(
      rows.map((r) => ({
        uuid: `mass-${r.i}`,
        companyId,
        status: (["open", "pending", "closed"] as const)[r.i % 3],
        contactId: contactOf.get(r.number) as number,
        createdAt: r.at,
        updatedAt: r.at,
      })),
    )
    .returning({ id: tickets.id, uuid: tickets.uuid });
  const ticketOf = new Map(opened.map((x) => [x.uuid, x.id]));
  const bodies = rows.flatMap((r) =>
    Array.from({ length: r.i % 5 === 0 ? 2 : 1 }, (_, j) => ({
      companyId,
      ticketId: ticketOf.get(`mass-${r.i}`) as number,
      wid: `WAMASS${r.i}-${j}`,
      body: r.i < 1200 ? "vazamento na torneira" : "outro assunto",
      createdAt: r.at,
      updatedAt: r.at,
    })),
  );
  for (let k = 0; k < bodies.length; k += 500) await tx.insert(messages).values(bodies.slice(k, k + 500));
  for (const r of rows) if (r.i < 1200) expected.push({ id: ticketOf.get(`mass-${r.i}`) as number, at: r.at });
});
expected.sort((x, y) => (x.at === y.at ? y.id - x.id : x.at < y.at ? 1 : -1));
const pageOf = async (page: number) => {
  const r = await t.call("GET", `/tickets?showAll=true&pageNumber=${page}&searchParam=vazamento`, { token: c.admin.token });
  return { ids: (r.json.tickets as { id: number }[]).map((x) => x.id), count: r.json.count as number, hasMore: r.json.hasMore as boolean };
};
const size = LIMITS.ticketsPageSize;

describe("a word in more than a thousand tickets", () => {
  test("every page in list order (newest activity, then id) and the full count, near the top and at the end", async () => {
    for (const page of [1, 2, 4, 15, 30]) {
      const want = expected.slice((page - 1) * size, page * size).map((x) => x.id);
      expect(await pageOf(page)).toEqual({ ids: want, count: 1200, hasMore: page * size < 1200 });
    }
  });

  test("with a filter on the tickets (status) the same order and count of the filtered ones", async () => {
    const closed = new Set(
      (
        await t.db
          .select({ id: tickets.id })
          .from(tickets)
          .where(and(eq(tickets.companyId, c.company.id), eq(tickets.status, "closed")))
      ).map((r) => r.id),
    );
    const want = expected.filter((x) => closed.has(x.id)).map((x) => x.id);
    const r = await t.call("GET", "/tickets?showAll=true&pageNumber=1&status=closed&searchParam=vazamento", { token: c.admin.token });
    expect({ ids: (r.json.tickets as { id: number }[]).map((x) => x.id), count: r.json.count }).toEqual({ ids: want.slice(0, size), count: want.length });
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
