/**
 * No request forgery through queue integrations (issue 22): on a server without an allow list, a
 * company admin cannot save or test a URL pointing at this machine, a private network or the
 * cloud metadata address, by any spelling or through a name resolving there; a Dialogflow key's
 * token_uri neither; a customer's message to an integration whose name resolves to loopback posts
 * nothing. Failures say what failed, never what the service answered.
 */
import { describe, expect, test } from "bun:test";
import { generateKeyPairSync } from "node:crypto";
import { eq } from "drizzle-orm";
import { failureNote } from "../../src/inbound/bot/automation";
import { queueIntegrations } from "../../src/modules/integrations/schema";
import { ticketNotes } from "../../src/modules/ticket-notes/schema";
import { makeTestApp } from "../helpers/app";
import { json, loopback } from "../helpers/loopback";

const svc = loopback((r) => {
  if (r.path === "/token") return json({ access_token: "stolen", expires_in: 3600 });
  if (r.path === "/secret") return new Response("root:x:0:0:internal-secret", { status: 500 });
  return json({ messages: ["internal answer"] });
});
const PORT = new URL(svc.url).port;
// "hook.test" plays a public-looking name whose DNS answers loopback (or the metadata address)
const t = await makeTestApp({
  env: { OUTBOUND_ALLOW: "" },
  resolve: async (host) => {
    if (host === "hook.test") return ["127.0.0.1"];
    if (host === "meta.test") return ["169.254.169.254"];
    throw Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" });
  },
});
const a = await t.newCompany();
const tok = a.admin.token;

let seq = 0;
const LITERAL = [
  `${svc.url}/hook`,
  `http://localhost:${PORT}/hook`,
  `http://[::1]:${PORT}/hook`,
  `http://0x7f000001:${PORT}/hook`,
  `http://127.1:${PORT}/hook`,
  `http://2130706433:${PORT}/hook`,
  `http://[::ffff:127.0.0.1]:${PORT}/hook`,
  "http://169.254.169.254/latest/meta-data/",
  "http://10.0.0.5:5678/webhook",
];

describe("saving and testing a refused URL", () => {
  test.each(LITERAL)("%s: a field error on save, update and test; nothing is called", async (url) => {
    const before = svc.seen.length;
    for (const type of ["webhook", "n8n", "typebot"]) {
      const body = { type, name: `Int ${type}`, urlN8N: url, typebotSlug: "x" };
      const created = await t.call("POST", "/queueIntegration", { token: tok, body });
      expect(created.status).toBe(400);
      expect(created.json.fields.urlN8N).toBe("validation.outboundRefused");
      const tested = await t.call("POST", "/queueIntegration/testSession", { token: tok, body });
      expect(tested.status).toBe(400);
      expect(tested.json.fields.urlN8N).toBe("validation.outboundRefused");
    }
    const ok = await t.call("POST", "/queueIntegration", { token: tok, body: { type: "webhook", name: `Ok ${++seq}`, urlN8N: "https://n8n.example.com/x" } });
    expect(ok.status).toBe(201);
    const put = await t.call("PUT", `/queueIntegration/${ok.json.id}`, { token: tok, body: { type: "webhook", name: ok.json.name, urlN8N: url } });
    expect(put.status).toBe(400);
    expect(put.json.fields.urlN8N).toBe("validation.outboundRefused");
    expect(svc.seen.length).toBe(before);
  });

  test("a name resolving to loopback or the metadata address is saved, but its test is refused and says why", async () => {
    for (const url of [`http://hook.test:${PORT}/hook`, "http://meta.test/latest/meta-data/"]) {
      const before = svc.seen.length;
      const r = await t.call("POST", "/queueIntegration/testSession", { token: tok, body: { type: "webhook", name: "Nome", urlN8N: url } });
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ error: "ERR_INTEGRATION_TEST_FAILED", reason: "refusedAddress" });
      expect(svc.seen.length).toBe(before);
    }
    const dns = await t.call("POST", "/queueIntegration/testSession", { token: tok, body: { type: "webhook", name: "Nome", urlN8N: "http://nowhere.test/" } });
    expect(dns.json).toEqual({ error: "ERR_INTEGRATION_TEST_FAILED", reason: "dns" });
  });

  test("a Dialogflow key whose token_uri is loopback: refused on save and test, the signed assertion goes nowhere", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const key = (token_uri: string) =>
      JSON.stringify({ client_email: "x@p.iam.gserviceaccount.com", private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(), token_uri });
    const before = svc.seen.length;
    const body = { type: "dialogflow", name: "DF", projectName: "proj", jsonContent: key(`${svc.url}/token`), language: "pt-BR" };
    const saved = await t.call("POST", "/queueIntegration", { token: tok, body });
    expect(saved.status).toBe(400);
    expect(saved.json.fields.jsonContent).toBe("validation.outboundRefused");
    expect((await t.call("POST", "/queueIntegration/testSession", { token: tok, body })).json.fields.jsonContent).toBe("validation.outboundRefused");
    const named = await t.call("POST", "/queueIntegration/testSession", { token: tok, body: { ...body, jsonContent: key(`http://hook.test:${PORT}/token`) } });
    expect(named.json).toEqual({ error: "ERR_INTEGRATION_TEST_FAILED", reason: "refusedAddress" });
    expect(svc.seen.length).toBe(before);
  });
});

describe("a customer's message", () => {
  test("to an integration whose name resolves to loopback posts nothing; people take the ticket with a note", async () => {
    const integ = await t.call("POST", "/queueIntegration", {
      token: tok,
      body: { type: "webhook", name: "Hook interno", urlN8N: `http://hook.test:${PORT}/hook` },
    });
    expect(integ.status).toBe(201);
    // and one stored before this rule existed, pointing straight at loopback
    const legacy = await t.call("POST", "/queueIntegration", { token: tok, body: { type: "n8n", name: "Antigo", urlN8N: "https://n8n.example.com/x" } });
    await t.db
      .update(queueIntegrations)
      .set({ urlN8N: `${svc.url}/hook` })
      .where(eq(queueIntegrations.id, legacy.json.id));
    for (const [i, integrationId] of [integ.json.id, legacy.json.id].entries()) {
      const conn = await t.call("POST", "/whatsapp", { token: tok, body: { name: `Sandbox ${i}`, channel: "sandbox", integrationId } });
      expect(conn.status).toBe(201);
      const before = svc.seen.length;
      const number = `551190000000${i}`;
      const sent = await t.call("POST", `/sandbox/${conn.json.id}/messages`, { token: tok, body: { number, name: "Cliente", body: "meu CPF é 123" } });
      expect(sent.status).toBe(201);
      let note: string | undefined;
      for (let n = 0; n < 100 && !note; n++) {
        await Bun.sleep(20);
        note = (await t.db.select().from(ticketNotes)).map((x) => x.note).find((x) => x === failureNote(i ? "Antigo" : "Hook interno"));
      }
      expect(note).toBeDefined();
      expect(svc.seen.length).toBe(before);
    }
  });
});

describe("what a failure tells the company", () => {
  test("an HTTP error answers its status, never the service's body", async () => {
    const open = await makeTestApp();
    const b = await open.newCompany();
    const r = await open.call("POST", "/queueIntegration/testSession", {
      token: b.admin.token,
      body: { type: "webhook", name: "Web", urlN8N: `${svc.url}/secret` },
    });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ error: "ERR_INTEGRATION_TEST_FAILED", reason: "httpStatus", httpStatus: 500 });
    expect(r.text).not.toContain("internal-secret");
    expect(JSON.stringify(open.framesOf("queueIntegration"))).not.toContain("internal-secret");
  });
});
