/**
 * The connection card (issue 29) with the real Baileys client against the fake WhatsApp server,
 * through the app (supervisor, wiring, the connection row and its frames): linking by QR is not a
 * reconnect although WhatsApp closes with 515 right after pairing; that 515 is recorded as the last
 * close reason; a real drop counts one reconnect; the live session frame carries the count.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { createBaileysFactory } from "../../src/channels/baileys";
import { parseQr } from "../support/fake-wa-server";
import { FakeWaServer } from "../support/fake-wa-server";
import { FAST, registerWaHarness, until } from "../support/wa-harness";
import { applyTestRootKey } from "../../src/channels/baileys";
import { makeTestApp } from "../helpers/app";

setDefaultTimeout(15_000);
registerWaHarness();

const t = await makeTestApp();
const a = await t.newCompany();
const tok = a.admin.token;

describe("the connection card's health line", () => {
  test("a fresh QR link counts no reconnect and records the 515; a drop counts one, and the live frame says so", async () => {
    const server = new FakeWaServer().start();
    try {
      applyTestRootKey(server.rootKeyHex);
      t.deps.sessions.register("baileys", createBaileysFactory(t.db, {}, { wsUrl: server.url, fetchVersion: false, timing: FAST, random: () => 0.5 }));
      const created = await t.call("POST", "/whatsapp", { token: tok, body: { name: "WhatsApp da loja" } });
      expect(created.status).toBe(201);
      const id = created.json.id as number;
      const row = async () => (await t.call("GET", `/whatsapp/${id}`, { token: tok })).json;
      const sessionFrames = () => t.framesOf("whatsappSession").filter((f) => f.frame.session.id === id);

      // The phone reads the QR: pair-success, WhatsApp's 515 restart, login, open.
      let qrcode = "";
      await until(
        () => {
          qrcode = sessionFrames().find((f) => f.frame.session.status === "qrcode")?.frame.session.qrcode ?? "";
          return !!qrcode;
        },
        5_000,
        "a QR on the card",
      );
      const qr = parseQr(qrcode);
      server.last("registration")!.pairSuccess({ advSecretKey: qr.advSecretKey, identityKey: qr.identityKey, jid: server.me.jid, lid: server.me.lid });
      await until(() => sessionFrames().some((f) => f.frame.session.status === "CONNECTED"), 5_000, "CONNECTED after linking");
      const statuses = sessionFrames().map((f) => f.frame.session.status);
      expect(statuses).toContain("PAIRING");
      expect(statuses.slice(statuses.indexOf("PAIRING"))).toContain("OPENING");
      let w = await row();
      expect(w).toMatchObject({ status: "CONNECTED", reconnectsToday: 0, closeReason: "closed_515" });
      expect(sessionFrames().every((f) => f.frame.session.reconnectsToday === 0)).toBe(true);

      // WhatsApp drops the linked session (stream error 500): the transport reconnects by itself.
      const before = server.sessions.length;
      server.last()!.streamError(500);
      await until(() => server.sessions.length > before && sessionFrames().at(-1)?.frame.session.status === "CONNECTED", 5_000, "reconnected");
      w = await row();
      expect(w).toMatchObject({ status: "CONNECTED", reconnectsToday: 1, closeReason: "closed_500" });
      // the card follows the live frame: the count arrives without a reload
      expect(sessionFrames().at(-1)!.frame.session).toMatchObject({ status: "CONNECTED", reconnectsToday: 1 });
      expect(sessionFrames().some((f) => f.frame.session.status === "TIMEOUT" && f.frame.session.closeReason === "closed_500")).toBe(true);
    } finally {
      await t.deps.sessions.stopAll();
      server.stop();
    }
  });
});
