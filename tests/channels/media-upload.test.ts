/**
 * Outgoing media through Baileys' real upload path: encryption, `media_conn`, an https POST to a
 * media host, the Signal message to the peer. The host is a local https server with a throw-away
 * self-signed certificate; the client runs in a child process started with NODE_EXTRA_CA_CERTS
 * (this process's trust store is untouched). The bytes the host received must decrypt (MAC
 * checked) to the very file sent, for every kind, and the message must carry the previews.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { makeTestCert } from "../support/fake-wa-media";

type Result = Record<string, unknown> & { kind: string; error?: string };
const SCENARIO = join(import.meta.dir, "../support/media-upload-scenario.ts");
const tls = makeTestCert();

async function runScenario(env: Record<string, string>): Promise<{ uploads: number; results: Result[] }> {
  const proc = Bun.spawn([process.execPath, "run", SCENARIO], {
    env: { ...process.env, NODE_ENV: "test", MEDIA_TLS_CERT: tls.cert, MEDIA_TLS_KEY: tls.key, NODE_EXTRA_CA_CERTS: "", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const timer = setTimeout(() => proc.kill(), 60_000);
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  clearTimeout(timer);
  const last = out.trim().split("\n").pop() ?? "";
  const parsed = JSON.parse(last || "{}");
  if (code !== 0 || parsed.error) throw new Error(`scenario failed (${code}): ${parsed.error ?? ""}\n${err.slice(-2000)}`);
  return parsed;
}

let run: { uploads: number; results: Result[] };
const of = (kind: string) => run.results.find((r) => r.kind === kind)!;

beforeAll(async () => {
  run = await runScenario({ NODE_EXTRA_CA_CERTS: tls.cert });
}, 90_000);
afterAll(() => rmSync(tls.dir, { recursive: true, force: true }));

describe("media upload through Baileys to an https media host", () => {
  test("every kind was uploaded once, with the media_conn auth, and decrypts to the file sent", () => {
    expect(run.uploads).toBe(5);
    for (const r of run.results) {
      expect(r.error).toBeUndefined();
      expect(r.uploadAuthOk).toBe(true);
      expect(r.decryptError).toBeNull();
      expect(r.decryptedSha).toBe(r.sentSha);
      expect(r.fileSha256Ok).toBe(true);
    }
  });

  test("image: imageMessage with a JPEG thumbnail, its size and caption", () => {
    expect(of("image")).toMatchObject({
      field: "imageMessage",
      uploadPath: "/mms/image",
      mimetype: "image/jpeg",
      width: 1200,
      height: 800,
      caption: "foto do produto",
      thumbnailIsJpeg: true,
    });
    expect(of("image").thumbnailBytes as number).toBeGreaterThan(100);
  });

  test("video: the frame the browser captured as thumbnail, size and duration", () => {
    expect(of("video")).toMatchObject({
      field: "videoMessage",
      uploadPath: "/mms/video",
      mimetype: "video/mp4",
      width: 320,
      height: 240,
      seconds: 1,
      caption: "vídeo",
      thumbnailIsJpeg: true,
    });
  });

  test("document: file name, caption and page count", () => {
    expect(of("document")).toMatchObject({
      field: "documentMessage",
      uploadPath: "/mms/document",
      mimetype: "application/pdf",
      fileName: "boleto.pdf",
      caption: "segunda via",
      pageCount: 2,
    });
  });

  test("voice note: audio/ogg; codecs=opus, ptt, duration and a 64-bar waveform", () => {
    const v = of("audio");
    expect(v).toMatchObject({ field: "audioMessage", uploadPath: "/mms/audio", mimetype: "audio/ogg; codecs=opus", ptt: true, seconds: 2 });
    const bars = v.waveform as number[];
    expect(bars).toHaveLength(64);
    expect(Math.max(...bars)).toBe(100);
    expect(bars.every((b) => b >= 0 && b <= 100)).toBe(true);
  });

  test("sticker: webp goes out as a stickerMessage (uploaded as an image)", () => {
    expect(of("sticker")).toMatchObject({
      field: "stickerMessage",
      uploadPath: "/mms/image",
      mimetype: "image/webp",
      width: 512,
      height: 512,
      isAnimated: false,
    });
  });

  test("without the certificate trusted, the upload is refused (TLS is really verified)", async () => {
    const untrusted = await runScenario({ MEDIA_ONLY: "image" });
    expect(untrusted.uploads).toBe(0);
    expect(untrusted.results[0].error).toContain("Media upload failed");
  }, 60_000);
});
