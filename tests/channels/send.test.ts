import { afterEach, describe, expect, test } from "bun:test";
import { WA_CERT_DETAILS } from "baileys";
import { applyTestRootKey, createBaileysFactory } from "../../src/channels/baileys/index";
import { toRaw } from "../../src/channels/baileys/mapping";
import { buildContent, FALLBACK_PTT_MIME, needsConversion, OPUS_MIME, sendOptions } from "../../src/channels/baileys/send";
import { TtlCache } from "../../src/channels/baileys/cache";
import type { Outgoing } from "../../src/channels/types";
import { memoryAuthDb } from "../support/wa-db";

const TO = "5511999998888@s.whatsapp.net";
const media = (mimetype: string, extra: Partial<Extract<Outgoing, { type: "media" }>> = {}): Outgoing => ({
  type: "media",
  to: TO,
  path: "/tmp/x",
  mimetype,
  fileName: "x.bin",
  ...extra,
});

describe("outgoing content", () => {
  test("text, location, contact card", () => {
    expect(buildContent({ type: "text", to: TO, body: "oi" })).toEqual({ text: "oi" });
    expect(buildContent({ type: "location", to: TO, latitude: -23.5, longitude: -46.6, name: "Sé" })).toEqual({
      location: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: "Sé", address: undefined },
    });
    const vcard = "BEGIN:VCARD\nVERSION:3.0\nFN:Ana\nEND:VCARD";
    expect(buildContent({ type: "contact", to: TO, displayName: "Ana", vcard })).toEqual({
      contacts: { displayName: "Ana", contacts: [{ displayName: "Ana", vcard }] },
    });
  });

  test("media by major type; documents keep their name and caption", () => {
    expect(buildContent(media("image/jpeg", { caption: "c" }))).toMatchObject({ image: { url: "/tmp/x" }, caption: "c" });
    expect(buildContent(media("image/webp"))).toMatchObject({ sticker: { url: "/tmp/x" } });
    expect(buildContent(media("video/mp4"))).toMatchObject({ video: { url: "/tmp/x" } });
    expect(buildContent(media("application/pdf", { fileName: "a.pdf", caption: "boleto" }))).toMatchObject({
      document: { url: "/tmp/x" },
      fileName: "a.pdf",
      mimetype: "application/pdf",
      caption: "boleto",
    });
  });

  test("voice notes: converted Ogg/Opus, already-Ogg as is, else audio/mpeg with ptt", () => {
    expect(buildContent(media("audio/webm", { ptt: true }), "/tmp/v.ogg")).toEqual({
      audio: { url: "/tmp/v.ogg" },
      mimetype: OPUS_MIME,
      ptt: true,
    });
    expect(buildContent(media("audio/ogg", { ptt: true }))).toMatchObject({ mimetype: OPUS_MIME, ptt: true });
    expect(buildContent(media("audio/webm", { ptt: true }))).toMatchObject({ mimetype: FALLBACK_PTT_MIME, ptt: true });
    expect(buildContent(media("audio/mpeg"))).toMatchObject({ mimetype: "audio/mpeg", ptt: false });
    expect(needsConversion(media("audio/webm", { ptt: true }))).toBe(true);
    expect(needsConversion(media("audio/ogg; codecs=opus", { ptt: true }))).toBe(false);
    expect(needsConversion(media("audio/mpeg"))).toBe(false);
  });

  test("options: reserved id and quote from the stored raw message (or a stand-in)", () => {
    const raw = toRaw({ key: { remoteJid: TO, id: "Q1", fromMe: false }, message: { conversation: "pergunta" } });
    const o = sendOptions({ type: "text", to: TO, body: "r", id: "3EB0OUR", quoted: { id: "Q1", fromMe: false, raw } });
    expect(o.messageId).toBe("3EB0OUR");
    expect(o.quoted).toMatchObject({ key: { id: "Q1" }, message: { conversation: "pergunta" } });
    const s = sendOptions({ type: "text", to: TO, body: "r", quoted: { id: "Q2", fromMe: true, body: "antes" } });
    expect(s.quoted).toEqual({ key: { remoteJid: TO, fromMe: true, id: "Q2" }, message: { conversation: "antes" } });
  });
});

describe("test-only overrides", () => {
  const env = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = env;
  });

  test("root key swap and ws URL are refused outside NODE_ENV=test", () => {
    process.env.NODE_ENV = "production";
    expect(() => applyTestRootKey("00".repeat(32))).toThrow();
    expect(() => createBaileysFactory(memoryAuthDb(), {}, { wsUrl: "ws://127.0.0.1:1/ws/chat" })).toThrow();
    // config values are ignored (src/config.ts blanks them too)
    const before = WA_CERT_DETAILS.PUBLIC_KEY;
    createBaileysFactory(memoryAuthDb(), { waTestRootKey: "11".repeat(32), waWsUrl: "ws://127.0.0.1:1" });
    expect(WA_CERT_DETAILS.PUBLIC_KEY).toBe(before);
  });

  test("root key must be 32 bytes and lands on the module instance as a Buffer", () => {
    expect(() => applyTestRootKey("abcd")).toThrow();
    const prev = applyTestRootKey("22".repeat(32));
    expect(Buffer.isBuffer(WA_CERT_DETAILS.PUBLIC_KEY)).toBe(true);
    expect(WA_CERT_DETAILS.PUBLIC_KEY.toString("hex")).toBe("22".repeat(32));
    WA_CERT_DETAILS.PUBLIC_KEY = prev as typeof WA_CERT_DETAILS.PUBLIC_KEY;
  });
});

describe("TtlCache", () => {
  test("expires, evicts the oldest past the cap, flushes", async () => {
    const c = new TtlCache(20, 2);
    c.set("a", 1);
    c.set("b", 2);
    c.set("c", 3);
    expect(c.get("a")).toBeUndefined();
    expect(c.get<number>("c")).toBe(3);
    await Bun.sleep(30);
    expect(c.get("c")).toBeUndefined();
    c.set("d", 4);
    c.flushAll();
    expect(c.size).toBe(0);
  });
});
