import { afterEach, describe, expect, test } from "bun:test";
import { WA_CERT_DETAILS } from "baileys";
import { applyTestRootKey, createBaileysFactory } from "../../src/channels/baileys";
import { toRaw } from "../../src/channels/baileys/mapping";
import { buildContent, OPUS_MIME, sendOptions } from "../../src/channels/baileys/send";
import { TtlCache } from "../../src/channels/baileys/cache";
import type { Outgoing } from "../../src/core/channel";
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

  test("media by kind, with the previews the phone shows; documents keep their name, caption and page count", () => {
    const thumb = new Uint8Array([0xff, 0xd8, 0xff, 1, 2]);
    expect(buildContent(media("image/jpeg", { caption: "c", info: { jpegThumbnail: thumb, width: 800, height: 600 } }))).toMatchObject({
      image: { url: "/tmp/x" },
      caption: "c",
      mimetype: "image/jpeg",
      jpegThumbnail: Buffer.from(thumb),
      width: 800,
      height: 600,
    });
    expect(buildContent(media("image/webp", { info: { width: 512, height: 512, animated: true } }))).toMatchObject({
      sticker: { url: "/tmp/x" },
      mimetype: "image/webp",
      isAnimated: true,
      width: 512,
    });
    expect(buildContent(media("video/mp4", { info: { jpegThumbnail: thumb, width: 640, height: 360, seconds: 12 } }))).toMatchObject({
      video: { url: "/tmp/x" },
      jpegThumbnail: Buffer.from(thumb),
      seconds: 12,
      width: 640,
    });
    expect(buildContent(media("application/pdf", { fileName: "a.pdf", caption: "boleto", info: { pageCount: 3 } }))).toMatchObject({
      document: { url: "/tmp/x" },
      fileName: "a.pdf",
      mimetype: "application/pdf",
      caption: "boleto",
      pageCount: 3,
    });
    // a file the phone does not play inline goes as a document
    expect(buildContent(media("text/csv", { fileName: "t.csv" }))).toMatchObject({ document: { url: "/tmp/x" }, fileName: "t.csv" });
  });

  test("voice notes: Ogg/Opus with ptt, duration and waveform; anything else is plain audio", () => {
    const waveform = new Uint8Array(64).fill(50);
    expect(buildContent(media("audio/ogg; codecs=opus", { ptt: true, info: { seconds: 7, waveform } })) as unknown).toEqual({
      audio: { url: "/tmp/x" },
      mimetype: OPUS_MIME,
      ptt: true,
      seconds: 7,
      waveform: Buffer.from(waveform),
    });
    // an mp3 is never labelled a voice note
    expect(buildContent(media("audio/mpeg", { ptt: true }))).toEqual({ audio: { url: "/tmp/x" }, mimetype: "audio/mpeg", ptt: false });
    expect(buildContent(media("audio/ogg"))).toMatchObject({ mimetype: OPUS_MIME, ptt: false });
  });

  test("a reaction names its message in the content (no quote); a template goes as its text on WhatsApp Web", () => {
    const reaction = { type: "reaction" as const, to: TO, id: "R1", emoji: "👍", target: { id: "ABC", fromMe: false }, quoted: { id: "ABC", fromMe: false } };
    expect(buildContent(reaction)).toEqual({ react: { text: "👍", key: { remoteJid: TO, fromMe: false, id: "ABC" } } });
    expect(sendOptions(reaction).quoted).toBeUndefined();
    expect(buildContent({ type: "template", to: TO, body: "Olá Ana", template: { name: "t", language: "pt_BR", params: ["Ana"] } })).toEqual({
      text: "Olá Ana",
    });
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
