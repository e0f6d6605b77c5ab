/**
 * Media an agent sends from the chat (POST /messages/{ticketId}, multipart): recorded voice notes
 * become Ogg/Opus voice notes, previews and facts travel to the channel, WhatsApp's size limits are
 * checked before anything is stored or sent, hints are validated.
 */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import sharp from "sharp";
import { ingestMessage } from "../../src/inbound/receive";
import type { Outgoing } from "../../src/core/channel";
import { makeTestApp } from "../helpers/app";
import { inbound, makeConnection } from "../helpers/channel";

const FIXTURES = join(import.meta.dir, "../fixtures/media");
const t = await makeTestApp();
const a = await t.newCompany();
const b = await t.newCompany();
const { connection, fake } = await makeConnection(t, a.company.id);
const agent = await t.newUser(a.admin.token, { name: "Ana Voz" });
const other = await t.newUser(a.admin.token, { name: "Bruno" });

const res = await ingestMessage(t.deps, { id: connection.id, companyId: a.company.id }, inbound("5511966665555", "Oi, pode mandar um áudio?"));
const ticketId = res!.ticket.id;
expect((await t.call("PUT", `/tickets/${ticketId}`, { token: agent.token, body: { status: "open" } })).status).toBe(200);

type Media = Extract<Outgoing, { type: "media" }>;
const lastSent = () => fake.sent.at(-1) as Media;
const fixture = async (name: string) => new Uint8Array(await Bun.file(join(FIXTURES, name)).arrayBuffer());

function post(files: File[], extra: Record<string, string> = {}, token = agent.token) {
  const form = new FormData();
  for (const f of files) form.append("medias", f, f.name);
  form.append("body", extra.body ?? "");
  for (const [k, v] of Object.entries(extra)) if (k !== "body") form.append(k, v);
  return t.call("POST", `/messages/${ticketId}`, { token, form });
}

describe("voice notes", () => {
  test("a WebM/Opus recording is stored and sent as an Ogg/Opus voice note with duration and waveform", async () => {
    const r = await post([new File([await fixture("voice.webm")], "audio-record-site-1700000000000.webm", { type: "audio/webm" })]);
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ mediaType: "audio", mediaName: "audio-record-site-1700000000000.ogg", sendStatus: "sent" });
    expect(r.json.mediaUrl).toMatch(/\.ogg$/);
    const sent = lastSent();
    expect(sent).toMatchObject({ type: "media", mimetype: "audio/ogg; codecs=opus", ptt: true });
    expect(sent.info?.seconds).toBe(2);
    expect(sent.info?.waveform).toHaveLength(64);
    const file = await t.call("GET", r.json.mediaUrl, { token: agent.token });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("audio/ogg");
  });

  test("an Ogg/Opus recording (Firefox, Safari's encoder) goes out the same way", async () => {
    const webm = await post([new File([await fixture("voice.webm")], "audio-record-site-1.webm", { type: "audio/webm" })]);
    const stored = await t.app.handle(new Request(`http://localhost${webm.json.mediaUrl}`, { headers: { authorization: `Bearer ${agent.token}` } }));
    const bytes = new Uint8Array(await stored.arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe("OggS");
    const r = await post([new File([bytes], "audio-record-site-2.ogg", { type: "audio/ogg" })]);
    expect(r.status).toBe(201);
    expect(lastSent()).toMatchObject({ mimetype: "audio/ogg; codecs=opus", ptt: true });
  });

  test("not Opus, or not a recording format: refused before anything is sent", async () => {
    const before = fake.sent.length;
    const notOpus = await post([new File([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4, 5, 6])], "audio-record-site-3.webm", { type: "audio/webm" })]);
    expect(notOpus.status).toBe(400);
    expect(notOpus.json.error).toBe("ERR_VOICE_NOT_OPUS");
    const video = await post([new File([await fixture("clip.mp4")], "audio-record-site-4.webm", { type: "audio/webm" })]);
    expect(video.json.error).toBe("ERR_UPLOAD_TYPE");
    const mp3 = await post([new File([new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0])], "audio-record-site-5.mp3", { type: "audio/mpeg" })]);
    expect(mp3.json.error).toBe("ERR_UPLOAD_TYPE");
    expect(fake.sent.length).toBe(before);
  });

  test("an mp3 attachment is plain audio, never labelled a voice note", async () => {
    const r = await post([new File([new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0])], "musica.mp3", { type: "audio/mpeg" })]);
    expect(r.status).toBe(201);
    expect(lastSent()).toMatchObject({ mimetype: "audio/mpeg", ptt: false });
  });
});

describe("previews and facts", () => {
  test("image: JPEG thumbnail and oriented size", async () => {
    const png = await sharp({ create: { width: 900, height: 300, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    const r = await post([new File([png], "banner.png", { type: "image/png" })], { body: "nossa vitrine" });
    expect(r.status).toBe(201);
    const sent = lastSent();
    expect(sent).toMatchObject({ mimetype: "image/png", caption: "nossa vitrine", info: { width: 900, height: 300 } });
    const thumb = sent.info!.jpegThumbnail!;
    expect([thumb[0], thumb[1]]).toEqual([0xff, 0xd8]);
    const meta = await sharp(thumb).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(96);
  });

  test("video: the browser's frame (re-encoded by the server), size and duration", async () => {
    const frame = await sharp({ create: { width: 320, height: 180, channels: 3, background: "#ff8800" } })
      .jpeg()
      .toBuffer();
    const hints = JSON.stringify([{ thumbnail: frame.toString("base64"), width: 320, height: 240, seconds: 1 }]);
    const r = await post([new File([await fixture("clip.mp4")], "clip.mp4", { type: "video/mp4" })], { hints });
    expect(r.status).toBe(201);
    const sent = lastSent();
    expect(sent.info).toMatchObject({ width: 320, height: 240, seconds: 1 });
    const meta = await sharp(sent.info!.jpegThumbnail!).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.width).toBeLessThanOrEqual(96);
  });

  test("a thumbnail that is not an image is dropped; malformed hints are a 400 with the field", async () => {
    const junk = JSON.stringify([{ thumbnail: Buffer.from("<svg onload=alert(1)>").toString("base64") }]);
    const r = await post([new File([await fixture("clip.mp4")], "clip.mp4", { type: "video/mp4" })], { hints: junk });
    expect(r.status).toBe(201);
    expect(lastSent().info?.jpegThumbnail).toBeUndefined();
    for (const bad of ["not json", JSON.stringify([{ width: -1 }]), JSON.stringify([{ thumbnail: "a".repeat(70_000) }]), JSON.stringify({ a: 1 })]) {
      const res = await post([new File([await fixture("clip.mp4")], "clip.mp4", { type: "video/mp4" })], { hints: bad });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe("ERR_VALIDATION");
      expect(Object.keys(res.json.fields)[0]).toStartWith("hints");
    }
  });

  test("document: file name kept, PDF page count", async () => {
    const pdf =
      "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 >> endobj\n" +
      "3 0 obj << /Type /Page /Parent 2 0 R >> endobj\n4 0 obj << /Type /Page /Parent 2 0 R >> endobj\n5 0 obj << /Type /Page /Parent 2 0 R >> endobj\n%%EOF\n";
    const r = await post([new File([pdf], "Contrato 2024.pdf", { type: "application/pdf" })]);
    expect(r.status).toBe(201);
    expect(lastSent()).toMatchObject({ fileName: "Contrato 2024.pdf", mimetype: "application/pdf", info: { pageCount: 3 } });
  });

  test("webp goes out as a sticker with its size", async () => {
    const webp = await sharp({ create: { width: 512, height: 512, channels: 4, background: "#00ff0080" } })
      .webp()
      .toBuffer();
    const r = await post([new File([webp], "figurinha.webp", { type: "image/webp" })]);
    expect(r.status).toBe(201);
    expect(lastSent()).toMatchObject({ mimetype: "image/webp", info: { width: 512, height: 512, animated: false } });
  });
});

describe("WhatsApp's size limits", () => {
  test("over the limit of its kind: 413 with the file's name and the limit, nothing stored or sent", async () => {
    const before = fake.sent.length;
    const big = new Uint8Array(600 * 1024);
    big.set(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "), 0);
    const r = await post([new File([big], "grande.webp", { type: "image/webp" })]);
    expect(r.status).toBe(413);
    expect(r.json).toMatchObject({ error: "ERR_MEDIA_TOO_LARGE", kind: "sticker", limit: "500 KB", name: "grande.webp" });
    const video = new Uint8Array(16 * 1024 * 1024 + 1);
    video.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70], 0);
    const rv = await post([new File([video], "longo.mp4", { type: "video/mp4" })]);
    expect(rv.json).toMatchObject({ error: "ERR_MEDIA_TOO_LARGE", kind: "video", limit: "16 MB" });
    expect(fake.sent.length).toBe(before);
  });

  test("documents may be larger than media (up to 100 MB)", async () => {
    const doc = new Uint8Array(17 * 1024 * 1024);
    doc.set(new TextEncoder().encode("%PDF-1.4\n"), 0);
    const r = await post([new File([doc], "manual.pdf", { type: "application/pdf" })]);
    expect(r.status).toBe(201);
    expect(lastSent()).toMatchObject({ fileName: "manual.pdf" });
  });
});

describe("access", () => {
  test("another agent, another company, bad input: 403, 404, 400 — never 5xx", async () => {
    const voice = () => new File([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], "audio-record-site-9.webm", { type: "audio/webm" });
    expect((await post([voice()], {}, other.token)).status).toBe(403);
    expect((await post([voice()], {}, b.admin.token)).status).toBe(404);
    const empty = await post([new File([], "audio-record-site-10.webm", { type: "audio/webm" })]);
    expect(empty.status).toBe(400);
  });

  test("two voice notes at once are both sent", async () => {
    const before = fake.sent.length;
    const file = async (n: number) => new File([await fixture("voice.webm")], `audio-record-site-${n}.webm`, { type: "audio/webm" });
    const [x, y] = await Promise.all([post([await file(11)]), post([await file(12)])]);
    expect([x.status, y.status]).toEqual([201, 201]);
    expect(fake.sent.length).toBe(before + 2);
  });
});
