/**
 * Signal-encrypted inbound messages through the real Baileys client into the app: the fake server
 * keeps the pre-keys the client uploaded at login, a contact (FakePeer) starts a session from them
 * (`pkmsg`), and once the client has answered, continues with `msg`. Each decrypted message is stored,
 * ticketed and published; a tampered ciphertext is never stored (Baileys asks for a retry instead),
 * and the session survives it.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { createBaileysFactory } from "../../src/channels/baileys";
import { waAuth } from "../../src/channels/baileys/schema";
import { nowIso } from "../../src/lib/dates";
import { whatsapps } from "../../src/modules/connections/schema";
import { messages } from "../../src/modules/messages/schema";
import { tickets } from "../../src/modules/tickets/schema";
import { makeTestApp } from "../helpers/app";
import { FakeWaServer, parseQr } from "../support/fake-wa-server";
import { cleanups, FAST, registerWaHarness, until } from "../support/wa-harness";

setDefaultTimeout(20_000);
registerWaHarness();
const t = await makeTestApp();

/** A company with a WhatsApp connection linked to a fresh fake server through the app's supervisor. */
async function linkedConnection() {
  const server = new FakeWaServer().start();
  const { company, admin } = await t.newCompany();
  t.deps.sessions.register(
    "baileys",
    createBaileysFactory(t.db, { waWsUrl: server.url, waTestRootKey: server.rootKeyHex }, { fetchVersion: false, timing: FAST }),
  );
  const now = nowIso();
  const conn = (
    await t.db
      .insert(whatsapps)
      .values({ companyId: company.id, name: "WhatsApp", channel: "baileys", status: "DISCONNECTED", isDefault: true, createdAt: now, updatedAt: now })
      .returning()
  )[0];
  cleanups.push(
    () => server.stop(),
    () => t.deps.sessions.stop(conn.id),
  );
  await t.deps.sessions.start({ id: conn.id, companyId: company.id, channel: "baileys" });
  const row = async () => (await t.db.select().from(whatsapps).where(eq(whatsapps.id, conn.id)).limit(1))[0]!;
  await until(async () => !!(await row()).qrcode, 5_000, "a QR code");
  const qr = parseQr((await row()).qrcode!);
  server.last("registration")!.pairSuccess({ advSecretKey: qr.advSecretKey, identityKey: qr.identityKey, jid: server.me.jid, lid: server.me.lid });
  await until(async () => (await row()).status === "CONNECTED", 5_000, "CONNECTED");
  // the client uploads its pre-keys after login (the server had none for it)
  await server.waitFor(() => server.clientKeys.count > 0, 5_000, "the client's pre-keys");
  return { server, companyId: company.id, admin, connectionId: conn.id };
}

const stored = async (companyId: number, wid: string) =>
  (
    await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.wid, wid)))
      .limit(1)
  )[0];

describe("encrypted inbound messages", () => {
  test("pkmsg then msg: decrypted, stored, ticketed and published; a tampered one is not stored and the session survives", async () => {
    const { server, companyId, admin, connectionId } = await linkedConnection();
    const peer = await server.addPeer("5511955551234", "88880005555");
    const before = server.clientKeys.count;

    expect(await server.sendEncrypted({ peer, id: "ENC1", content: { conversation: "Olá, mensagem cifrada" }, pushName: "Lia" })).toBe("pkmsg");
    await until(async () => !!(await stored(companyId, "ENC1")), 5_000, "the first message stored");
    expect(server.clientKeys.count).toBe(before - 1); // one one-time pre-key consumed
    const first = (await stored(companyId, "ENC1"))!;
    expect(first).toMatchObject({ body: "Olá, mensagem cifrada", fromMe: false });
    const ticket = (await t.db.select().from(tickets).where(eq(tickets.id, first.ticketId)).limit(1))[0]!;
    expect(ticket).toMatchObject({ companyId, lastMessage: "Olá, mensagem cifrada" });
    // Published right after the commit that stored it (PostgreSQL: a moment after the row shows).
    const created = () => t.framesOf("appMessage").find((f) => f.frame.action === "create" && f.frame.message.id === first.id);
    await until(() => !!created(), 5_000, "the message's frame");
    expect(created()?.frame).toMatchObject({ ticket: { id: ticket.id }, contact: { number: "5511955551234" } });

    // Until the client answers, the peer keeps sending pre-key messages (Signal); the agent's reply
    // travels encrypted over the session the client built from the pkmsg.
    expect((await t.call("PUT", `/tickets/${ticket.id}`, { token: admin.token, body: { status: "open" } })).status).toBe(200);
    const reply = await t.call("POST", `/messages/${ticket.id}`, { token: admin.token, body: { body: "Oi Lia!" } });
    expect(reply.status).toBeLessThan(300);
    await until(
      () => peer.inbox.some((m) => (m.message.conversation ?? m.message.extendedTextMessage?.text ?? "").includes("Oi Lia!")),
      5_000,
      "the reply at the peer",
    );

    expect(await server.sendEncrypted({ peer, id: "ENC2", content: { conversation: "Segunda, já sem pre-key" } })).toBe("msg");
    await until(async () => !!(await stored(companyId, "ENC2")), 5_000, "the second message stored");
    expect(await stored(companyId, "ENC2")).toMatchObject({ body: "Segunda, já sem pre-key", ticketId: ticket.id });

    // A ciphertext altered on the way fails its MAC: nothing readable is stored, Baileys asks for a retry.
    expect(await server.sendEncrypted({ peer, id: "ENC3", content: { conversation: "adulterada" }, tamper: true })).toBe("msg");
    await server.waitFor(
      () => server.log.some((l) => l.type === "receipt" && l.node?.attrs.id === "ENC3" && l.node.attrs.type === "retry"),
      5_000,
      "a retry receipt for the tampered message",
    );
    // The next message still decrypts (the failed one left the session untouched).
    await server.sendEncrypted({ peer, id: "ENC4", content: { conversation: "Quarta mensagem" } });
    await until(async () => !!(await stored(companyId, "ENC4")), 5_000, "the message after the tampered one");
    expect(await stored(companyId, "ENC3")).toBeUndefined();
    const bodies = await t.db.select({ body: messages.body }).from(messages).where(eq(messages.ticketId, ticket.id));
    expect(bodies.some((m) => m.body.includes("adulterada"))).toBe(false);
    expect(server.errors).toEqual([]);

    // The session updates written behind are on disk once the connection stops.
    await t.deps.sessions.stop(connectionId);
    const rows = await t.db
      .select({ keyId: waAuth.keyId })
      .from(waAuth)
      .where(and(eq(waAuth.connectionId, connectionId), eq(waAuth.kind, "session")));
    expect(rows.length).toBeGreaterThan(0);
  });

  test("a LID-addressed encrypted message (from the LID, sender_pn) lands on the contact by number", async () => {
    const { server, companyId } = await linkedConnection();
    const peer = await server.addPeer("5511944441234", "88880004444");
    await server.sendEncrypted({ peer, id: "LIDENC1", content: { conversation: "via LID" }, lid: true });
    await until(async () => !!(await stored(companyId, "LIDENC1")), 5_000, "the LID message stored");
    const m = (await stored(companyId, "LIDENC1"))!;
    // The frame goes out once the delivery's transaction committed: a moment after the row can be read.
    const frameOf = () => t.framesOf("appMessage").find((f) => f.frame.action === "create" && f.frame.message.id === m.id);
    await until(async () => !!frameOf(), 5_000, "the LID message's frame");
    expect(frameOf()?.frame).toMatchObject({ contact: { number: "5511944441234" } });
  });
});
