/**
 * Queue integrations CRUD (/queueIntegration, R-INT-4, R-API-1): type-dependent fields,
 * the name copied to projectName, the service-account key masked when read back, plan flag, admins
 * only, company isolation, and the test session against a loopback service.
 */
import { describe, expect, test } from "bun:test";
import { generateKeyPairSync } from "node:crypto";
import { jwtVerify } from "jose";
import { eq } from "drizzle-orm";
import { companies } from "../../src/modules/companies/schema";
import { plans } from "../../src/modules/plans/schema";
import { queueIntegrations } from "../../src/modules/integrations/schema";
import { makeTestApp } from "../helpers/app";
import { json, loopback } from "../helpers/loopback";

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const svc = loopback(async (r) => {
  // a token endpoint that, like Google's, only honours assertions signed with the account's real key
  if (r.path === "/verified-token") {
    try {
      await jwtVerify(new URLSearchParams(r.body).get("assertion") ?? "", publicKey);
      return json({ access_token: "token-of-A", expires_in: 3600 });
    } catch {
      return json({ error: "invalid_grant" }, 400);
    }
  }
  if (r.path.endsWith("/startChat"))
    return json({ sessionId: "s1", messages: [{ type: "text", content: { richText: [{ type: "p", children: [{ text: "Olá do fluxo" }] }] } }] });
  if (r.path === "/token") return json({ access_token: "ya29.test", expires_in: 3600 });
  if (r.path.includes(":detectIntent")) return json({ queryResult: { fulfillmentMessages: [{ text: { text: ["Oi, sou o agente"] } }] } });
  if (r.path === "/hook") return json({ messages: ["recebido"] });
  return new Response("nope", { status: 500 });
});
const t = await makeTestApp();
t.deps.config.dialogflowApiUrl = svc.url;
const a = await t.newCompany();
const b = await t.newCompany();
const agent = await t.newUser(a.admin.token);
const tok = a.admin.token;

const SA = JSON.stringify({
  type: "service_account",
  project_id: "balcao-test",
  client_email: "bot@balcao-test.iam.gserviceaccount.com",
  private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  token_uri: `${svc.url}/token`,
});

const post = (body: unknown, token = tok) => t.call("POST", "/queueIntegration", { token, body });

describe("create and read", () => {
  test("a webhook needs a URL; the name is copied to projectName", async () => {
    const bad = await post({ type: "webhook", name: "Hook" });
    expect(bad.status).toBe(400);
    expect(bad.json.fields.urlN8N).toBe("validation.required");
    const r = await post({ type: "webhook", name: "Hook", urlN8N: `${svc.url}/hook`, projectName: "ignored" });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ type: "webhook", name: "Hook", projectName: "Hook", typebotDelayMessage: 1000, typebotExpires: 1 });
  });
  test("name rules: required, 2 to 50, unique in the company", async () => {
    expect((await post({ type: "n8n", name: "", urlN8N: "http://x.test" })).json.fields.name).toBe("validation.required");
    expect((await post({ type: "n8n", name: "a", urlN8N: "http://x.test" })).json.fields.name).toBe("validation.tooShort");
    expect((await post({ type: "n8n", name: "x".repeat(51), urlN8N: "http://x.test" })).json.fields.name).toBe("validation.tooLong");
    expect((await post({ type: "n8n", name: "hook", urlN8N: "http://x.test" })).json.fields.name).toBe("validation.nameTaken");
    expect((await post({ type: "n8n", name: "N8N", urlN8N: "ftp://x" })).json.fields.urlN8N).toBe("validation.url");
    expect((await post({ type: "telegram", name: "N8N" })).json.fields.type).toBeDefined();
  });
  test("typebot needs a URL and a slug", async () => {
    const r = await post({ type: "typebot", name: "Fluxo", urlN8N: svc.url });
    expect(r.json.fields.typebotSlug).toBe("validation.required");
  });
  test("dialogflow: project, a usable key and a language; the private key never comes back", async () => {
    expect((await post({ type: "dialogflow", name: "DF", projectName: "p", jsonContent: "{}" })).json.fields).toMatchObject({
      projectName: "validation.tooShort",
      jsonContent: "validation.serviceAccount",
    });
    const r = await post({ type: "dialogflow", name: "DF", projectName: "balcao-test", jsonContent: SA, language: "es" });
    expect(r.status).toBe(201);
    expect(r.text).not.toContain("PRIVATE KEY");
    expect(JSON.parse(r.json.jsonContent).private_key).toBe("••••••••");
    // saving the form back unchanged keeps the stored key
    const put = await t.call("PUT", `/queueIntegration/${r.json.id}`, { token: tok, body: { ...r.json, name: "Dialogflow" } });
    expect(put.status).toBe(200);
    const row = (await t.db.select().from(queueIntegrations).where(eq(queueIntegrations.id, r.json.id)).limit(1))[0]!;
    expect(JSON.parse(row.jsonContent).private_key).toContain("PRIVATE KEY");
    expect(row.name).toBe("Dialogflow");
  });
  test("the list is paged and searchable", async () => {
    const r = await t.call("GET", "/queueIntegration?searchParam=dialog", { token: tok });
    expect(r.json.queueIntegrations.map((x: { name: string }) => x.name)).toEqual(["Dialogflow"]);
    expect(r.json).toMatchObject({ count: 1, hasMore: false });
  });
});

describe("test session", () => {
  test("dialogflow: signs a JWT, gets a token from token_uri and answers the agent's reply", async () => {
    const r = await t.call("POST", "/queueIntegration/testSession", {
      token: tok,
      body: { type: "dialogflow", name: "DF", projectName: "balcao-test", jsonContent: SA, language: "pt-BR" },
    });
    expect(r.status).toBe(200);
    expect(r.json.replies).toEqual(["Oi, sou o agente"]);
    const tokenCall = svc.seen.find((x) => x.path === "/token")!;
    expect(new URLSearchParams(tokenCall.body).get("grant_type")).toBe("urn:ietf:params:oauth:grant-type:jwt-bearer");
    const detect = svc.seen.find((x) => x.path.includes(":detectIntent"))!;
    expect(detect.path).toBe(`/v2/projects/balcao-test/agent/sessions/test-${a.company.id}:detectIntent`);
    expect(detect.headers.get("authorization")).toBe("Bearer ya29.test");
    expect(detect.json.queryInput.text.languageCode).toBe("pt-BR");
  });
  test("typebot and webhook answer their first texts; a failing service is a 400 saying what failed, not what it answered", async () => {
    const tb = await t.call("POST", "/queueIntegration/testSession", {
      token: tok,
      body: { type: "typebot", name: "TB", urlN8N: svc.url, typebotSlug: "vendas" },
    });
    expect(tb.json.replies).toEqual(["Olá do fluxo"]);
    const wh = await t.call("POST", "/queueIntegration/testSession", { token: tok, body: { type: "webhook", name: "Web", urlN8N: `${svc.url}/hook` } });
    expect(wh.json.replies).toEqual(["recebido"]);
    expect(t.framesOf("queueIntegration").some((f) => f.frame.action === "testSession" && f.rooms.includes(`company-${a.company.id}-mainchannel`))).toBe(true);
    const bad = await t.call("POST", "/queueIntegration/testSession", { token: tok, body: { type: "n8n", name: "Web", urlN8N: `${svc.url}/broken` } });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ error: "ERR_INTEGRATION_TEST_FAILED", reason: "httpStatus", httpStatus: 500 });
    expect(bad.text).not.toContain("nope");
  });
});

describe("cached Google tokens belong to one company and one key", () => {
  const key = (pk: typeof privateKey) =>
    JSON.stringify({
      client_email: "shared@balcao-test.iam.gserviceaccount.com",
      private_key: pk.export({ type: "pkcs8", format: "pem" }).toString(),
      token_uri: `${svc.url}/verified-token`,
    });
  const test1 = (token: string, jsonContent: string) =>
    t.call("POST", "/queueIntegration/testSession", {
      token,
      body: { type: "dialogflow", name: "DF", projectName: "balcao-test", jsonContent, language: "pt-BR" },
    });
  test("company B, with A's client email and its own wrong key, does not get A's token", async () => {
    const a1 = await test1(tok, key(privateKey));
    expect(a1.status).toBe(200);
    const bearerOfA = svc.seen
      .filter((x) => x.path.includes(":detectIntent"))
      .at(-1)!
      .headers.get("authorization");
    expect(bearerOfA).toBe("Bearer token-of-A");
    const { privateKey: other } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const before = svc.seen.filter((x) => x.path.includes(":detectIntent")).length;
    const b1 = await test1(b.admin.token, key(other));
    expect(b1.json).toEqual({ error: "ERR_INTEGRATION_TEST_FAILED", reason: "httpStatus", httpStatus: 400 });
    // and A itself with another key does not reuse the token its real key earned
    const a2 = await test1(tok, key(other));
    expect(a2.json.reason).toBe("httpStatus");
    expect(svc.seen.filter((x) => x.path.includes(":detectIntent")).length).toBe(before);
    // B with A's very key (a copy) gets a token of its own from the endpoint, not A's cache entry
    const tokenCalls = svc.seen.filter((x) => x.path === "/verified-token").length;
    expect((await test1(b.admin.token, key(privateKey))).status).toBe(200);
    expect(svc.seen.filter((x) => x.path === "/verified-token").length).toBe(tokenCalls + 1);
  });
});

describe("access", () => {
  test("agents are refused; another company sees 404; delete is refused while a queue uses it", async () => {
    expect((await t.call("GET", "/queueIntegration", { token: agent.token })).status).toBe(403);
    expect((await post({ type: "n8n", name: "Agente", urlN8N: "http://x.test" }, agent.token)).status).toBe(403);
    const list = await t.call("GET", "/queueIntegration", { token: tok });
    const id = list.json.queueIntegrations[0].id;
    for (const [m, body] of [
      ["GET", undefined],
      ["PUT", { type: "n8n", name: "Xis", urlN8N: "http://x.test" }],
      ["DELETE", undefined],
    ] as const) {
      const r = await t.call(m, `/queueIntegration/${id}`, { token: b.admin.token, body });
      expect(r.status).toBe(404);
      expect(r.json.error).toBe("ERR_NO_INTEGRATION_FOUND");
    }
    // another company's queue cannot point at it either
    const q = await t.call("POST", "/queue", { token: b.admin.token, body: { name: "Fila B", color: "#123123", integrationId: id } });
    expect(q.status).toBe(400);
    expect(q.json.fields.integrationId).toBe("validation.invalid");
    const mine = await t.call("POST", "/queue", { token: tok, body: { name: "Fila A", color: "#321321", integrationId: id } });
    expect(mine.status).toBe(201);
    const del = await t.call("DELETE", `/queueIntegration/${id}`, { token: tok });
    expect(del.status).toBe(409);
    expect(del.json.error).toBe("ERR_INTEGRATION_IN_USE");
  });
  test("a plan without useIntegrations answers 403 ERR_NO_PERMISSION", async () => {
    const now = new Date().toISOString();
    const p = (await t.db.insert(plans).values({ name: "Sem integrações", useIntegrations: false, createdAt: now, updatedAt: now }).returning())[0];
    await t.db.update(companies).set({ planId: p.id }).where(eq(companies.id, b.company.id));
    const r = await t.call("GET", "/queueIntegration", { token: b.admin.token });
    expect(r.status).toBe(403);
    expect(r.json.error).toBe("ERR_NO_PERMISSION");
  });
  test("create, update and delete publish queueIntegration frames to the company", async () => {
    const r = await post({ type: "n8n", name: "Frames", urlN8N: "http://x.test" });
    await t.call("DELETE", `/queueIntegration/${r.json.id}`, { token: tok });
    const frames = t.framesOf("queueIntegration").filter((f) => f.rooms.includes(`company-${a.company.id}-mainchannel`));
    expect(frames.map((f) => f.frame.action)).toEqual(expect.arrayContaining(["create", "update", "delete"]));
  });
});
