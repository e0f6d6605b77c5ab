/**
 * AI prompts CRUD (/prompt, R-INT-11): defaults, the form rules ("Informe o
 * setor"), keys never returned in full, plan flag useOpenAi, admins only, company isolation.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { companies } from "../../src/modules/companies/schema";
import { plans } from "../../src/modules/plans/schema";
import { prompts } from "../../src/modules/prompts/schema";
import { makeTestApp } from "../helpers/app";

const t = await makeTestApp();
const a = await t.newCompany();
const b = await t.newCompany();
const agent = await t.newUser(a.admin.token);
const tok = a.admin.token;
const queueId = (await t.call("POST", "/queue", { token: tok, body: { name: "Vendas", color: "#22aa22" } })).json.id as number;
const PROMPT_TEXT = "Você é o assistente da loja. Responda com educação sobre produtos, prazos e trocas.";
const valid = { name: "Assistente", prompt: PROMPT_TEXT, apiKey: "sk-test-1234567890abcdef", queueId };

describe("create and read", () => {
  test("defaults of R-INT-11; the key comes back masked", async () => {
    const r = await t.call("POST", "/prompt", { token: tok, body: valid });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      voice: "texto",
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      queueId,
      queue: { id: queueId, name: "Vendas" },
      hasApiKey: true,
    });
    expect(r.json.apiKey).not.toContain("1234567890");
    expect(r.text).not.toContain("sk-test-1234567890abcdef");
    const list = await t.call("GET", "/prompt", { token: tok });
    expect(list.json.prompts).toHaveLength(1);
    expect(list.text).not.toContain("1234567890abcdef");
  });
  test("form rules: queue required ('Informe o setor'), name 5-100, prompt 50+, key on create, numbers bounded", async () => {
    expect((await t.call("POST", "/prompt", { token: tok, body: { ...valid, name: "Outro", queueId: null } })).json.fields.queueId).toBe(
      "validation.selectSector",
    );
    expect((await t.call("POST", "/prompt", { token: tok, body: { ...valid, name: "abc" } })).json.fields.name).toBe("validation.tooShort");
    expect((await t.call("POST", "/prompt", { token: tok, body: { ...valid, name: "Outro nome", prompt: "curto" } })).json.fields.prompt).toBe(
      "validation.tooShort",
    );
    expect((await t.call("POST", "/prompt", { token: tok, body: { ...valid, name: "Outro nome", apiKey: "" } })).json.fields.apiKey).toBe(
      "validation.required",
    );
    expect((await t.call("POST", "/prompt", { token: tok, body: { ...valid, name: "Outro nome", temperature: 3 } })).json.fields.temperature).toBe(
      "validation.invalid",
    );
    expect((await t.call("POST", "/prompt", { token: tok, body: { ...valid, name: "Outro nome", voice: "robot" } })).json.fields.voice).toBe(
      "validation.invalid",
    );
    expect((await t.call("POST", "/prompt", { token: tok, body: { ...valid, name: "assistente" } })).json.fields.name).toBe("validation.nameTaken");
  });
  test("saving back the masked key keeps the stored one; a new key replaces it", async () => {
    const [p] = (await t.call("GET", "/prompt", { token: tok })).json.prompts;
    const same = await t.call("PUT", `/prompt/${p.id}`, { token: tok, body: { ...p, maxTokens: 200 } });
    expect(same.status).toBe(200);
    expect((await t.db.select().from(prompts).where(eq(prompts.id, p.id)).limit(1))[0]!.apiKey).toBe("sk-test-1234567890abcdef");
    await t.call("PUT", `/prompt/${p.id}`, { token: tok, body: { ...p, apiKey: "sk-new-key-000000000" } });
    expect((await t.db.select().from(prompts).where(eq(prompts.id, p.id)).limit(1))[0]!.apiKey).toBe("sk-new-key-000000000");
  });
});

describe("access", () => {
  test("agents are refused; another company gets 404 and cannot use the prompt on its queues", async () => {
    expect((await t.call("GET", "/prompt", { token: agent.token })).status).toBe(403);
    expect((await t.call("POST", "/prompt", { token: agent.token, body: valid })).status).toBe(403);
    const [p] = (await t.call("GET", "/prompt", { token: tok })).json.prompts;
    for (const m of ["GET", "DELETE"]) {
      const r = await t.call(m, `/prompt/${p.id}`, { token: b.admin.token });
      expect(r.status).toBe(404);
      expect(r.json.error).toBe("ERR_NO_PROMPT_FOUND");
    }
    const put = await t.call("PUT", `/prompt/${p.id}`, { token: b.admin.token, body: valid });
    expect(put.status).toBe(404);
    const q = await t.call("POST", "/queue", { token: b.admin.token, body: { name: "Fila B", color: "#343434", promptId: p.id } });
    expect(q.json.fields.promptId).toBe("validation.invalid");
  });
  test("a prompt in use by a queue cannot be deleted; once free it can", async () => {
    const [p] = (await t.call("GET", "/prompt", { token: tok })).json.prompts;
    await t.call("PUT", `/queue/${queueId}`, { token: tok, body: { promptId: p.id } });
    const del = await t.call("DELETE", `/prompt/${p.id}`, { token: tok });
    expect(del.status).toBe(409);
    expect(del.json.error).toBe("ERR_PROMPT_IN_USE");
    await t.call("PUT", `/queue/${queueId}`, { token: tok, body: { promptId: null } });
    expect((await t.call("DELETE", `/prompt/${p.id}`, { token: tok })).status).toBe(200);
    expect(t.framesOf("prompt").map((f) => f.frame.action)).toContain("delete");
  });
  test("a plan without useOpenAi answers 403 ERR_NO_PERMISSION", async () => {
    const now = new Date().toISOString();
    const p = (await t.db.insert(plans).values({ name: "Sem IA", useOpenAi: false, createdAt: now, updatedAt: now }).returning())[0];
    await t.db.update(companies).set({ planId: p.id }).where(eq(companies.id, b.company.id));
    const r = await t.call("GET", "/prompt", { token: b.admin.token });
    expect(r.status).toBe(403);
    expect(r.json.error).toBe("ERR_NO_PERMISSION");
  });
});
