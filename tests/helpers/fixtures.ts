import type { TestApp } from "./app";

/**
 * One creator per area: makes a resource in the company of `token` and answers its id.
 * The route-table test creates one of each in company A, then checks that company B can never
 * read or change them through any route. Each new area appends its creator here.
 */
export type Creator = (t: TestApp, token: string) => Promise<number>;

export const CREATORS: Record<string, Creator> = {
  user: async (t, token) => {
    const r = await t.call("POST", "/users", {
      token,
      body: { name: "Fixture User", email: `fx.${crypto.randomUUID().slice(0, 8)}@test.local`, password: "12345" },
    });
    if (r.status !== 201) throw new Error(`fixture user: ${r.status} ${r.text}`);
    return r.json.id;
  },
  contact: async (t, token) => {
    const number = `5511${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
    const r = await t.call("POST", "/contacts", { token, body: { name: "Fixture Contact", number } });
    if (r.status !== 201) throw new Error(`fixture contact: ${r.status} ${r.text}`);
    return r.json.id;
  },
  queue: async (t, token) => {
    const color = `#${Math.floor(Math.random() * 0xffffff)
      .toString(16)
      .padStart(6, "0")}`;
    const r = await t.call("POST", "/queue", { token, body: { name: `Fila ${crypto.randomUUID().slice(0, 6)}`, color } });
    if (r.status !== 201) throw new Error(`fixture queue: ${r.status} ${r.text}`);
    return r.json.id;
  },
  queueOption: async (t, token) => {
    const q = await t.call("POST", "/queue", {
      token,
      body: {
        name: `Fila ${crypto.randomUUID().slice(0, 6)}`,
        color: `#${Math.floor(Math.random() * 0xffffff)
          .toString(16)
          .padStart(6, "0")}`,
      },
    });
    const r = await t.call("POST", "/queue-options", { token, body: { queueId: q.json.id, title: "Vendas", option: "1" } });
    if (r.status !== 201) throw new Error(`fixture queue option: ${r.status} ${r.text}`);
    return r.json.id;
  },
  tag: async (t, token) => {
    const r = await t.call("POST", "/tags", { token, body: { name: `Tag ${crypto.randomUUID().slice(0, 6)}`, color: "#123456" } });
    if (r.status !== 201) throw new Error(`fixture tag: ${r.status} ${r.text}`);
    return r.json.id;
  },
  quickMessage: async (t, token) => {
    const r = await t.call("POST", "/quick-messages", { token, body: { shortcode: `fx${crypto.randomUUID().slice(0, 6)}`, message: "Olá", geral: true } });
    if (r.status !== 201) throw new Error(`fixture quick message: ${r.status} ${r.text}`);
    return r.json.id;
  },
  ticket: async (t, token) => {
    const c = await t.call("POST", "/contacts", { token, body: { name: "Fixture Ticket", number: `55119${Math.floor(Math.random() * 1e8)}` } });
    const r = await t.call("POST", "/tickets", { token, body: { contactId: c.json.id } });
    if (r.status !== 201) throw new Error(`fixture ticket: ${r.status} ${r.text}`);
    return r.json.id;
  },
  message: async (t, token) => {
    const c = await t.call("POST", "/contacts", { token, body: { name: "Fixture Msg", number: `55118${Math.floor(Math.random() * 1e8)}` } });
    const tk = await t.call("POST", "/tickets", { token, body: { contactId: c.json.id } });
    const r = await t.call("POST", `/messages/${tk.json.id}`, { token, body: { body: "fixture" } });
    if (r.status !== 201) throw new Error(`fixture message: ${r.status} ${r.text}`);
    return r.json.id;
  },
  note: async (t, token) => {
    const c = await t.call("POST", "/contacts", { token, body: { name: "Fixture Note", number: `55117${Math.floor(Math.random() * 1e8)}` } });
    const tk = await t.call("POST", "/tickets", { token, body: { contactId: c.json.id } });
    const r = await t.call("POST", "/ticket-notes", { token, body: { note: "fixture note", ticketId: tk.json.id } });
    if (r.status !== 201) throw new Error(`fixture note: ${r.status} ${r.text}`);
    return r.json.id;
  },
  connection: async (t, token) => {
    const r = await t.call("POST", "/whatsapp", { token, body: { name: `Conexão ${crypto.randomUUID().slice(0, 6)}`, channel: "sandbox" } });
    if (r.status !== 201) throw new Error(`fixture connection: ${r.status} ${r.text}`);
    return r.json.id;
  },
  integration: async (t, token) => {
    const r = await t.call("POST", "/queueIntegration", {
      token,
      body: { type: "webhook", name: `Hook ${crypto.randomUUID().slice(0, 6)}`, urlN8N: "http://127.0.0.1:9/x" },
    });
    if (r.status !== 201) throw new Error(`fixture integration: ${r.status} ${r.text}`);
    return r.json.id;
  },
  prompt: async (t, token) => {
    const q = await t.call("POST", "/queue", {
      token,
      body: {
        name: `Fila IA ${crypto.randomUUID().slice(0, 6)}`,
        color: `#${Math.floor(Math.random() * 0xffffff)
          .toString(16)
          .padStart(6, "0")}`,
      },
    });
    const r = await t.call("POST", "/prompt", {
      token,
      body: { name: `Prompt ${crypto.randomUUID().slice(0, 6)}`, prompt: "x".repeat(60), apiKey: "sk-fixture", queueId: q.json.id },
    });
    if (r.status !== 201) throw new Error(`fixture prompt: ${r.status} ${r.text}`);
    return r.json.id;
  },
  todo: async (t, token) => {
    const r = await t.call("POST", "/todos", { token, body: { text: "fixture task" } });
    if (r.status !== 201) throw new Error(`fixture todo: ${r.status} ${r.text}`);
    return r.json.id;
  },
};
