/**
 * The media-upload scenario of tests/channels/media-upload.test.ts, run in its own Bun process so
 * that NODE_EXTRA_CA_CERTS (read only at process start) trusts the fake media host's certificate.
 *
 * Real Baileys, paired with the fake WhatsApp server, sends an image, a video, a PDF, a voice note
 * and a sticker to a fake peer. Each file is probed and prepared exactly as the outbox does it
 * (src/modules/media), encrypted and uploaded by Baileys over https to the fake media host, and
 * the peer decrypts the Signal message. For each kind the scenario prints what the peer received
 * and whether the bytes the host received decrypt (AES-256-CBC, HMAC checked) to the file sent.
 *
 * env: MEDIA_TLS_CERT, MEDIA_TLS_KEY (the host's pair), NODE_EXTRA_CA_CERTS (the client's trust),
 * MEDIA_ONLY (one kind).
 * Prints one JSON line: { results: [...] } or { error }.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { proto } from "baileys";
import sharp from "sharp";
import { SqliteAuthStore } from "../../src/channels/baileys/auth-store";
import { applyTestRootKey } from "../../src/channels/baileys";
import { BaileysRunner } from "../../src/channels/baileys/runner";
import { describeMedia, saveHints } from "../../src/modules/media/describe";
import { toOggOpus } from "../../src/modules/media/voice";
import type { SessionStatus } from "../../src/core/channel";
import { decryptMedia, FakeMediaHost } from "./fake-wa-media";
import { FakeWaServer, parseQr } from "./fake-wa-server";
import { memoryAuthDb } from "./wa-db";

process.env.NODE_ENV = "test";
const FIXTURES = join(import.meta.dir, "../fixtures/media");
const work = mkdtempSync(join(tmpdir(), "balcao-media-up-"));

async function until(check: () => boolean, ms: number, what: string) {
  const end = performance.now() + ms;
  while (!check()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(10);
  }
}

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

async function files() {
  const image = join(work, "foto.jpg");
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#2a9d8f" } })
    .jpeg()
    .toFile(image);
  const video = join(work, "clip.mp4");
  await Bun.write(video, Bun.file(join(FIXTURES, "clip.mp4")));
  // what the agent's browser measured of the video (canvas frame, size, duration)
  const frame = await sharp({ create: { width: 160, height: 120, channels: 3, background: "#e76f51" } })
    .jpeg()
    .toBuffer();
  await saveHints(video, { thumbnail: frame.toString("base64"), width: 320, height: 240, seconds: 1 });
  const pdf = join(work, "boleto.pdf");
  await Bun.write(
    pdf,
    "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >> endobj\n" +
      "3 0 obj << /Type /Page /Parent 2 0 R >> endobj\n4 0 obj << /Type /Page /Parent 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  );
  const note = await toOggOpus(new Uint8Array(await Bun.file(join(FIXTURES, "voice.webm")).arrayBuffer()));
  if (!note) throw new Error("voice fixture did not remux");
  const voice = join(work, "audio-record-site-1.ogg");
  await Bun.write(voice, note.ogg);
  const sticker = join(work, "figurinha.webp");
  await sharp({ create: { width: 512, height: 512, channels: 4, background: "#f4a261ff" } })
    .webp()
    .toFile(sticker);
  return [
    { kind: "image", path: image, mimetype: "image/jpeg", fileName: "foto.jpg", caption: "foto do produto" },
    { kind: "video", path: video, mimetype: "video/mp4", fileName: "clip.mp4", caption: "vídeo" },
    { kind: "document", path: pdf, mimetype: "application/pdf", fileName: "boleto.pdf", caption: "segunda via" },
    { kind: "audio", path: voice, mimetype: "audio/ogg; codecs=opus", fileName: "audio-record-site-1.ogg", ptt: true },
    { kind: "sticker", path: sticker, mimetype: "image/webp", fileName: "figurinha.webp" },
  ] as const;
}

async function main() {
  const tls = { cert: process.env.MEDIA_TLS_CERT ?? "", key: process.env.MEDIA_TLS_KEY ?? "" };
  const host = new FakeMediaHost(tls).start();
  const server = new FakeWaServer().start();
  server.mediaHost = { hostname: host.hostname, auth: host.auth };
  applyTestRootKey(server.rootKeyHex);
  const statuses: { status: SessionStatus; qrcode?: string }[] = [];
  const runner = new BaileysRunner(
    {
      connectionId: 1,
      companyId: 1,
      events: {
        onStatus: (status, info) => statuses.push({ status, qrcode: info?.qrcode }),
        onMessages: () => {},
        onAck: () => {},
        onEdit: () => {},
        onRevoke: () => {},
        onCall: () => {},
      },
    },
    { store: new SqliteAuthStore(memoryAuthDb()), wsUrl: server.url, fetchVersion: false, random: () => 0.5 },
  );
  try {
    const peer = await server.addPeer("15550007777", "88880007777");
    await runner.start();
    await until(() => statuses.some((s) => s.status === "qrcode"), 5_000, "QR");
    const qr = parseQr(statuses.find((s) => s.status === "qrcode")!.qrcode!);
    server.last("registration")!.pairSuccess({ advSecretKey: qr.advSecretKey, identityKey: qr.identityKey, jid: server.me.jid, lid: server.me.lid });
    await until(() => runner.status === "CONNECTED", 5_000, "CONNECTED");

    const only = process.env.MEDIA_ONLY;
    const sent = (await files()).filter((f) => !only || f.kind === only);
    const results = [];
    for (const [i, f] of sent.entries()) {
      const ptt = "ptt" in f && f.ptt;
      const info = await describeMedia(f.path, f.mimetype, { ptt });
      const id = `3EB0MEDIA${i}`;
      try {
        await runner.send({
          type: "media",
          to: peer.pnJid,
          id,
          path: f.path,
          mimetype: f.mimetype,
          fileName: f.fileName,
          caption: "caption" in f ? f.caption : undefined,
          ptt,
          info,
        });
      } catch (e) {
        results.push({ kind: f.kind, error: String(e) });
        continue;
      }
      await until(() => peer.inbox.some((m) => m.id === id), 5_000, `${f.kind} at the peer`);
      const m = peer.inbox.find((x) => x.id === id)!.message;
      const content = (m.imageMessage ?? m.videoMessage ?? m.documentMessage ?? m.audioMessage ?? m.stickerMessage) as
        | (proto.Message.IImageMessage & proto.Message.IAudioMessage & proto.Message.IDocumentMessage & proto.Message.IStickerMessage)
        | null
        | undefined;
      const field = Object.keys(m).find((k) => k.endsWith("Message"));
      const upload = host.uploads.find((u) => content?.directPath === u.directPath);
      const original = new Uint8Array(await Bun.file(f.path).arrayBuffer());
      let decrypted: string | null = null;
      let decryptError: string | null = null;
      if (upload && content?.mediaKey) {
        try {
          decrypted = sha(await decryptMedia(upload.bytes, content.mediaKey, f.kind));
        } catch (e) {
          decryptError = String(e);
        }
      }
      results.push({
        kind: f.kind,
        field,
        uploadPath: upload?.kind ?? null,
        uploadAuthOk: upload?.auth === host.auth,
        sentSha: sha(original),
        decryptedSha: decrypted,
        decryptError,
        fileSha256Ok: !!content?.fileSha256 && Buffer.from(content.fileSha256).toString("hex") === sha(original),
        mimetype: content?.mimetype ?? null,
        ptt: content?.ptt ?? null,
        seconds: content?.seconds ?? null,
        waveform: content?.waveform ? [...content.waveform] : null,
        thumbnailBytes: content?.jpegThumbnail?.length ?? 0,
        thumbnailIsJpeg: !!content?.jpegThumbnail && content.jpegThumbnail[0] === 0xff && content.jpegThumbnail[1] === 0xd8,
        width: content?.width ?? null,
        height: content?.height ?? null,
        caption: content?.caption ?? null,
        fileName: content?.fileName ?? null,
        pageCount: content?.pageCount ?? null,
        isAnimated: content?.isAnimated ?? null,
      });
    }
    console.log(JSON.stringify({ uploads: host.uploads.length, results }));
  } finally {
    await runner.stop();
    server.stop();
    host.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main()
  .then(() => process.exit(0))
  .catch((e) => {
    console.log(JSON.stringify({ error: String(e?.stack ?? e) }));
    process.exit(1);
  });
