/**
 * The external send API (POST /api/messages/send, R-API-9): authenticated by a connection's
 * token, it finds or creates the contact and its ticket on that connection and sends text or files
 * through the outbox. Bad tokens, numbers, bodies, lapsed plans, disconnected connections and
 * floods get clear errors and send nothing.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { Outgoing } from "../../src/core/channel";
import { LocalLimiter } from "../../src/cluster/limiter";
import { AttemptLimiter } from "../../src/http/rate-limit";
import { companies } from "../../src/modules/companies/schema";
import { whatsapps } from "../../src/modules/connections/schema";
import { contacts } from "../../src/modules/contacts/schema";
import { plans } from "../../src/modules/plans/schema";
import { tickets } from "../../src/modules/tickets/schema";
import { makeTestApp } from "../helpers/app";
import { makeConnection } from "../helpers/channel";

const t = await makeTestApp();
const a = await t.newCompany();
const b = await t.newCompany();
const TOKEN_A = "token-empresa-a-123";
const TOKEN_B = "token-empresa-b-456";
const { connection, fake } = await makeConnection(t, a.company.id, { token: TOKEN_A });
const connB = await makeConnection(t, b.company.id, { token: TOKEN_B });

const send = (body: unknown, token: string | null = TOKEN_A) =>
  t.call("POST", "/api/messages/send", { body, headers: token === null ? {} : { authorization: `Bearer ${token}` } });
const sendForm = (fields: Record<string, string | File>, token = TOKEN_A) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return t.call("POST", "/api/messages/send", { form, headers: { authorization: `Bearer ${token}` } });
};
const png = async () =>
  new File(
    [
      await sharp({ create: { width: 32, height: 24, channels: 3, background: "#3366cc" } })
        .png()
        .toBuffer(),
    ],
    "foto.png",
    { type: "image/png" },
  );

describe("authentication", () => {
  test("no token, an unknown token and a session token are refused with 401 and send nothing", async () => {
    for (const tok of [null, "nope-not-a-token", a.admin.token]) {
      const r = await send({ number: "5511912345678", body: "oi" }, tok);
      expect(r.status).toBe(401);
      expect(r.json.error).toBe("ERR_API_TOKEN_INVALID");
    }
    expect(fake.sent).toEqual([]);
  });
});

describe("validation", () => {
  test("a missing, short or non-digit number answers 400 with the field", async () => {
    for (const number of [undefined, "", "5511", "+55 11 91234-5678", "55119123456789012"]) {
      const r = await send({ number, body: "oi" });
      expect(r.status).toBe(400);
      expect(r.json.error).toBe("ERR_VALIDATION");
      expect(r.json.fields.number).toBeDefined();
    }
  });
  test("no body and no file answers 400; an over-long body too", async () => {
    expect((await send({ number: "5511912345678", body: "  " })).json.fields.body).toBe("validation.required");
    expect((await send({ number: "5511912345678", body: "x".repeat(5000) })).json.fields.body).toBe("validation.tooLong");
    expect((await sendForm({ number: "5511912345678", body: "" })).status).toBe(400);
  });
  test("a number that is not on WhatsApp answers ERR_CHECK_NUMBER and creates no contact", async () => {
    const orig = fake.checkNumber;
    fake.checkNumber = async () => ({ exists: false, number: "", address: "" });
    const r = await send({ number: "5511900001111", body: "oi" });
    fake.checkNumber = orig;
    expect(r.status).toBe(400);
    expect(r.json.error).toBe("ERR_CHECK_NUMBER");
    expect((await t.db.select().from(contacts).where(eq(contacts.number, "5511900001111")).limit(1))[0]).toBeUndefined();
  });
  test("a wrong file type is refused before anything is sent", async () => {
    const r = await sendForm({ number: "5511912345678", body: "x", medias: new File(["MZ"], "virus.exe", { type: "application/octet-stream" }) });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe("ERR_UPLOAD_TYPE");
    expect(fake.sent).toEqual([]);
  });
});

describe("sending", () => {
  test("a text creates the contact and a pending ticket on this connection and reaches the number", async () => {
    const r = await send({ number: "5511912345678", body: "Olá {{name}}, seu pedido saiu." });
    expect(r.status).toBe(200);
    expect(r.json.mensagem).toBe("Mensagem enviada");
    expect(r.json.messages).toHaveLength(1);
    expect(r.json.messages[0].status).toBe("sent");
    const out = fake.sent.at(-1) as Extract<Outgoing, { type: "text" }>;
    expect(out.to).toBe("5511912345678@s.whatsapp.net");
    expect(out.body).toBe("Olá 5511912345678, seu pedido saiu.");
    const ticket = (await t.db.select().from(tickets).where(eq(tickets.id, r.json.ticketId)).limit(1))[0]!;
    expect(ticket).toMatchObject({ companyId: a.company.id, whatsappId: connection.id, status: "pending", lastMessage: "Olá 5511912345678, seu pedido saiu." });
    // a second call reuses the same contact and ticket
    const again = await send({ number: "5511912345678", body: "segunda" });
    expect(again.json.ticketId).toBe(r.json.ticketId);
    expect(again.json.contactId).toBe(r.json.contactId);
  });
  test("multipart with an image sends it with the body as caption", async () => {
    const r = await sendForm({ number: "5511912345678", body: "Segue a foto", medias: await png() });
    expect(r.status).toBe(200);
    expect(r.json.messages[0].mediaType).toBe("image");
    const out = fake.sent.at(-1) as Extract<Outgoing, { type: "media" }>;
    expect(out.type).toBe("media");
    expect(out.mimetype).toBe("image/png");
    expect(out.caption).toBe("Segue a foto");
  });
  test("closeTicket resolves the ticket after sending, with the connection's completion message", async () => {
    await t.db.update(whatsapps).set({ complationMessage: "Atendimento encerrado." }).where(eq(whatsapps.id, connection.id));
    const r = await send({ number: "5511933334444", body: "Seu boleto vence hoje.", closeTicket: true });
    expect(r.status).toBe(200);
    expect((await t.db.select().from(tickets).where(eq(tickets.id, r.json.ticketId)).limit(1))[0]!.status).toBe("closed");
    expect(fake.sent.slice(-2).map((m) => ("body" in m ? m.body : ""))).toEqual(["Seu boleto vence hoje.", "Atendimento encerrado."]);
    await t.db.update(whatsapps).set({ complationMessage: "" }).where(eq(whatsapps.id, connection.id));
  });
  test("a disconnected connection answers 409 ERR_WAPP_NOT_INITIALIZED and stores nothing", async () => {
    const before = fake.sent.length;
    (fake as { status?: string }).status = "DISCONNECTED";
    const r = await send({ number: "5511977776666", body: "oi" });
    (fake as { status?: string }).status = undefined;
    expect(r.status).toBe(409);
    expect(r.json.error).toBe("ERR_WAPP_NOT_INITIALIZED");
    expect(fake.sent.length).toBe(before);
  });
});

describe("tenancy, plan and limits", () => {
  test("company B's token sends through B only; A's ticket stays invisible to B", async () => {
    const r = await send({ number: "5511912345678", body: "de B" }, TOKEN_B);
    expect(r.status).toBe(200);
    const ticket = (await t.db.select().from(tickets).where(eq(tickets.id, r.json.ticketId)).limit(1))[0]!;
    expect(ticket.companyId).toBe(b.company.id);
    expect(connB.fake.sent.at(-1)).toMatchObject({ body: "de B" });
    const mine = await send({ number: "5511912345678", body: "de A" });
    expect((await t.call("GET", `/tickets/${mine.json.ticketId}`, { token: b.admin.token })).status).toBe(404);
  });
  test("a plan without useExternalApi answers 403 ERR_NO_PERMISSION", async () => {
    const planId = (await t.db.select().from(companies).where(eq(companies.id, b.company.id)).limit(1))[0]!.planId;
    const now = new Date().toISOString();
    const p = (
      await t.db
        .insert(plans)
        .values({ name: `Sem API ${planId}`, useExternalApi: false, createdAt: now, updatedAt: now })
        .returning()
    )[0];
    await t.db.update(companies).set({ planId: p.id }).where(eq(companies.id, b.company.id));
    const r = await send({ number: "5511912345678", body: "oi" }, TOKEN_B);
    expect(r.status).toBe(403);
    expect(r.json.error).toBe("ERR_NO_PERMISSION");
    await t.db.update(companies).set({ planId }).where(eq(companies.id, b.company.id));
  });
  test("a lapsed company answers 402", async () => {
    await t.db.update(companies).set({ dueDate: "2001-01-01" }).where(eq(companies.id, b.company.id));
    const r = await send({ number: "5511912345678", body: "oi" }, TOKEN_B);
    expect(r.status).toBe(402);
    expect(r.json.error).toBe("ERR_SUBSCRIPTION_EXPIRED");
  });
  test("more sends per minute than the limit answer 429 with Retry-After", async () => {
    t.deps.limiters.api = new LocalLimiter({ scope: "api", max: 3, windowMs: 60_000 }, new AttemptLimiter(3, 60_000));
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await send({ number: "5511912345678", body: `n${i}` })).status);
    expect(codes).toEqual([200, 200, 200, 429]);
    const r = await send({ number: "5511912345678", body: "x" });
    expect(r.json.error).toBe("ERR_TOO_MANY_ATTEMPTS");
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("OpenAPI document", () => {
  test("GET /api/openapi.json is public and describes the send call and the app's routes", async () => {
    const r = await t.call("GET", "/api/openapi.json");
    expect(r.status).toBe(200);
    expect(r.json.openapi).toStartWith("3.");
    const send = r.json.paths["/api/messages/send"].post;
    expect(send.security).toEqual([{ connectionToken: [] }]);
    expect(Object.keys(send.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "409", "429"]));
    expect(r.json.paths["/tickets/{id}"]).toBeTruthy();
    expect(Object.keys(r.json.paths).some((p) => p.startsWith("/sandbox"))).toBe(false);
  });
});
