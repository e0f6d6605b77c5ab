import { describe, expect, test } from "bun:test";
import { autoText } from "../../src/contract/auto-texts";
import { makeTestApp } from "../helpers/app";

/**
 * Issue 29: "Primeiros passos" done in order (a connection, then queues) must give a chatbot that
 * answers with a menu of the queues in the admin's order.
 */
const t = await makeTestApp();

async function waitFor<T>(fn: () => Promise<T | undefined>, ms = 3000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error("timed out");
    await Bun.sleep(30);
  }
}

const queue = async (token: string, name: string, color: string, extra: Record<string, unknown> = {}) => {
  const r = await t.call("POST", "/queue", { token, body: { name, color, ...extra } });
  if (r.status !== 201) throw new Error(r.text);
  return r.json.id as number;
};

/** The customer writes on the sandbox phone; answers the bot's texts the phone received after it. */
async function customerSays(token: string, connId: number, number: string, body: string): Promise<string[]> {
  const r = await t.call("POST", `/sandbox/${connId}/messages`, { token, body: { number, name: "Joana Lima", body } });
  expect(r.status).toBe(201);
  return waitFor(async () => {
    const conv = await t.call("GET", `/sandbox/${connId}/conversation?number=${number}`, { token });
    const msgs = conv.json.messages as { direction: string; body: string; id: number }[];
    const after = msgs.filter((m) => m.direction === "out" && m.id > r.json.id).map((m) => m.body);
    return after.length ? after : undefined;
  });
}

describe("first steps in order: connection, then queues", () => {
  test("the new connection gets the queues as they are created, a greeting when the menu needs one, and the customer's 'oi' gets the menu in creation order", async () => {
    const a = await t.newCompany();
    const tok = a.admin.token;
    const conn = await t.call("POST", "/whatsapp", { token: tok, body: { name: "Sandbox", channel: "sandbox" } });
    expect(conn.json).toMatchObject({ queueIds: [], greetingMessage: "" });
    const connId = conn.json.id as number;
    const vendas = await queue(tok, "Vendas", "#2f9e44");
    let w = (await t.call("GET", `/whatsapp/${connId}`, { token: tok })).json;
    // One queue needs no greeting: the connection keeps none.
    expect(w).toMatchObject({ queueIds: [vendas], greetingMessage: "" });
    expect(t.framesOf("whatsapp").at(-1)!.frame).toMatchObject({ action: "update", whatsapp: { id: connId, queueIds: [vendas] } });
    const suporte = await queue(tok, "Suporte", "#1971c2");
    w = (await t.call("GET", `/whatsapp/${connId}`, { token: tok })).json;
    expect(w.queueIds).toEqual([vendas, suporte]);
    expect(w.greetingMessage).toBe(autoText("connectionGreeting", "pt-BR"));
    const menu = await customerSays(tok, connId, "5511987650001", "oi");
    expect(menu.at(-1)).toMatch(/Joana! Como podemos ajudar\? Responda com o número da opção:\n\n\*\[ 1 \]\* - Vendas\n\*\[ 2 \]\* - Suporte$/);
  });

  test("the menu follows the admin's order field, then creation; never the name", async () => {
    const a = await t.newCompany();
    const tok = a.admin.token;
    const conn = await t.call("POST", "/whatsapp", { token: tok, body: { name: "Sandbox", channel: "sandbox", greetingMessage: "Olá!" } });
    const connId = conn.json.id as number;
    await queue(tok, "Vendas", "#2f9e44");
    await queue(tok, "Financeiro", "#e8590c");
    const suporte = await queue(tok, "Suporte", "#1971c2");
    expect((await customerSays(tok, connId, "5511987650002", "oi")).at(-1)).toBe("Olá!\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Financeiro\n*[ 3 ]* - Suporte");
    expect((await t.call("PUT", `/queue/${suporte}`, { token: tok, body: { orderQueue: 1 } })).status).toBe(200);
    expect((await customerSays(tok, connId, "5511987650003", "oi")).at(-1)).toBe("Olá!\n\n*[ 1 ]* - Suporte\n*[ 2 ]* - Vendas\n*[ 3 ]* - Financeiro");
    // The queue list and a connection's queues use the same order.
    expect((await t.call("GET", "/queue", { token: tok })).json.map((q: { name: string }) => q.name)).toEqual(["Suporte", "Vendas", "Financeiro"]);
    expect((await t.call("GET", `/whatsapp/${connId}`, { token: tok })).json.queues.map((q: { name: string }) => q.name)).toEqual([
      "Suporte",
      "Vendas",
      "Financeiro",
    ]);
  });

  test("a connection serving a chosen subset of queues is left alone; a connection created later without queues is not linked to old queues", async () => {
    const a = await t.newCompany();
    const tok = a.admin.token;
    const q1 = await queue(tok, "Vendas", "#2f9e44");
    const q2 = await queue(tok, "Suporte", "#1971c2");
    const subset = await t.call("POST", "/whatsapp", { token: tok, body: { name: "Só vendas", channel: "sandbox", queueIds: [q1] } });
    const empty = await t.call("POST", "/whatsapp", { token: tok, body: { name: "Sem filas", channel: "sandbox" } });
    const all = await t.call("POST", "/whatsapp", { token: tok, body: { name: "Todas", channel: "sandbox", queueIds: [q1, q2], greetingMessage: "Oi" } });
    const q3 = await queue(tok, "Financeiro", "#e8590c");
    const ids = async (id: number) => (await t.call("GET", `/whatsapp/${id}`, { token: tok })).json.queueIds;
    expect(await ids(subset.json.id)).toEqual([q1]);
    expect(await ids(empty.json.id)).toEqual([]);
    expect(await ids(all.json.id)).toEqual([q1, q2, q3]);
    // Another company's connections never change.
    const b = await t.newCompany();
    const other = await t.call("POST", "/whatsapp", { token: b.admin.token, body: { name: "Conexão B", channel: "sandbox" } });
    await queue(tok, "Extra", "#5f3dc4");
    expect((await t.call("GET", `/whatsapp/${other.json.id}`, { token: b.admin.token })).json.queueIds).toEqual([]);
  });

  test("the suggested greeting is in the company's language (chosen at sign-up, a setting)", async () => {
    const email = `en.${crypto.randomUUID().slice(0, 8)}@test.local`;
    const r = await t.call("POST", "/companies/cadastro", {
      body: { name: `English Co ${crypto.randomUUID().slice(0, 6)}`, email, password: "secret-123", planId: 1, language: "en" },
      headers: { "x-forwarded-for": "10.9.0.1" },
    });
    expect(r.status).toBe(201);
    const admin = await t.login(email, "secret-123");
    const settings = await t.call("GET", "/settings", { token: admin.token });
    expect(settings.json.find((s: { key: string }) => s.key === "language")).toEqual({ key: "language", value: "en" });
    const conn = await t.call("POST", "/whatsapp", { token: admin.token, body: { name: "Sandbox", channel: "sandbox" } });
    await queue(admin.token, "Sales", "#2f9e44");
    await queue(admin.token, "Support", "#1971c2");
    expect((await t.call("GET", `/whatsapp/${conn.json.id}`, { token: admin.token })).json.greetingMessage).toBe(autoText("connectionGreeting", "en"));
    const bad = await t.call("PUT", "/settings/language", { token: admin.token, body: { value: "fr" } });
    expect(bad.status).toBe(400);
    expect((await t.call("PUT", "/settings/language", { token: admin.token, body: { value: "es" } })).json).toEqual({ key: "language", value: "es" });
    const badSignup = await t.call("POST", "/companies/cadastro", {
      body: { name: "Idioma ruim", email: `x.${crypto.randomUUID().slice(0, 6)}@test.local`, password: "secret-123", planId: 1, language: "xx" },
      headers: { "x-forwarded-for": "10.9.0.2" },
    });
    expect(badSignup.status).toBe(400);
    expect(badSignup.json.fields).toEqual({ language: "validation.invalid" });
  });
});
