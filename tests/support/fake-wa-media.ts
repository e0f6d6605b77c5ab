/**
 * A fake WhatsApp media host on https://127.0.0.1 for upload tests: Baileys uploads encrypted media
 * to `https://<host>/mms/<type>/<token>?auth=…` (always https, BAILEYS.md §9), so the host needs a
 * certificate the client trusts. `makeTestCert` creates a throw-away self-signed one with openssl;
 * the client process must be started with NODE_EXTRA_CA_CERTS pointing at it (Bun reads it at start).
 */
import { createDecipheriv, createHmac } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getMediaKeys } from "baileys";

/** A self-signed certificate for 127.0.0.1 (or a host name) in a fresh temporary folder (key.pem, cert.pem). */
export function makeTestCert(name = "127.0.0.1"): { dir: string; cert: string; key: string } {
  const dir = mkdtempSync(join(tmpdir(), "balcao-media-tls-"));
  const cert = join(dir, "cert.pem");
  const key = join(dir, "key.pem");
  const openssl = Bun.which("openssl");
  if (!openssl) throw new Error("openssl is needed to make the test media host's certificate (apt-get install openssl)");
  const r = Bun.spawnSync(
    [
      openssl,
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "2",
      "-subj",
      `/CN=${name}`,
      "-addext",
      `subjectAltName=${/^[\d.]+$/.test(name) ? "IP" : "DNS"}:${name}`,
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdout: "ignore", stderr: "pipe" },
  );
  if (r.exitCode !== 0) throw new Error(`openssl failed: ${r.stderr.toString()}`);
  return { dir, cert, key };
}

/** One upload as the host received it. */
export interface Upload {
  /** "/mms/image", "/mms/audio"… */
  kind: string;
  token: string;
  auth: string | null;
  bytes: Uint8Array;
  directPath: string;
}

/** The media host: stores POSTed uploads, serves them back at their direct path. */
export class FakeMediaHost {
  readonly uploads: Upload[] = [];
  /** The auth token the fake server hands out in media_conn; uploads must carry it. */
  readonly auth = `auth-${crypto.randomUUID()}`;
  private server?: ReturnType<typeof Bun.serve>;

  constructor(private readonly tls: { cert: string; key: string }) {}

  start() {
    this.server = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      tls: { cert: Bun.file(this.tls.cert), key: Bun.file(this.tls.key) },
      fetch: async (req) => {
        const url = new URL(req.url);
        if (req.method === "POST" && url.pathname.startsWith("/mms/")) {
          const auth = url.searchParams.get("auth");
          if (auth !== this.auth) return Response.json({ error: "bad auth" }, { status: 401 });
          const parts = url.pathname.split("/");
          const token = parts.pop() ?? "";
          const directPath = `/v/t62/${this.uploads.length + 1}.enc`;
          this.uploads.push({ kind: parts.join("/"), token, auth, bytes: new Uint8Array(await req.arrayBuffer()), directPath });
          return Response.json({ url: `https://${this.hostname}${directPath}`, direct_path: directPath });
        }
        const up = this.uploads.find((u) => u.directPath === url.pathname);
        return up ? new Response(Buffer.from(up.bytes)) : new Response("not found", { status: 404 });
      },
    });
    return this;
  }

  /** host:port, as media_conn announces it. */
  get hostname() {
    return `127.0.0.1:${this.server!.port}`;
  }

  stop() {
    this.server?.stop(true);
  }
}

/** Decrypts WhatsApp media as the phone does: HMAC-SHA256(iv‖enc)[0..10] must match, then AES-256-CBC. */
export async function decryptMedia(blob: Uint8Array, mediaKey: Uint8Array, type: "image" | "video" | "document" | "audio" | "sticker") {
  const { iv, cipherKey, macKey } = await getMediaKeys(Buffer.from(mediaKey), type);
  const enc = blob.subarray(0, blob.length - 10);
  const mac = Buffer.from(blob.subarray(blob.length - 10));
  const expected = createHmac("sha256", macKey as Uint8Array)
    .update(iv)
    .update(enc)
    .digest()
    .subarray(0, 10);
  if (!mac.equals(expected)) throw new Error("media MAC mismatch");
  const d = createDecipheriv("aes-256-cbc", cipherKey, iv);
  return Buffer.concat([d.update(enc), d.final()]);
}
