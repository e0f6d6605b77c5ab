/**
 * A Web Push service on 127.0.0.1 for tests: devices subscribe to it with keys made here, it takes
 * the app's pushes, checks their VAPID signature (RFC 8292) and decrypts them with the device's
 * private key (RFC 8291, aes128gcm of RFC 8188), so a test reads what the phone would show.
 */
import { afterAll } from "bun:test";
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from "node:crypto";
import { importJWK, jwtVerify } from "jose";
import type { PushPayload } from "../../src/contract/dto/notifications";

/** A device: its subscription as the browser would hand it over, and its private key. */
export interface FakeDevice {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  privateKey: Buffer;
  publicKey: Buffer;
  authSecret: Buffer;
}

/** One push the service accepted (or refused), decrypted. */
export interface ReceivedPush {
  device: string;
  status: number;
  headers: Headers;
  payload: PushPayload;
}

/** Decrypts an aes128gcm Web Push body for the device (single record, as Web Push sends). */
export function decryptPush(body: Uint8Array, device: Pick<FakeDevice, "privateKey" | "publicKey" | "authSecret">): string {
  const buf = Buffer.from(body);
  const salt = buf.subarray(0, 16);
  const idlen = buf.readUInt8(20);
  const serverKey = buf.subarray(21, 21 + idlen);
  const ciphertext = buf.subarray(21 + idlen);
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(device.privateKey);
  const shared = ecdh.computeSecret(serverKey);
  // RFC 8291 §3.4: IKM from the ECDH secret and the auth secret, keyed to both public keys
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), device.publicKey, serverKey]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, device.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // the last record ends with the delimiter 0x02 followed by zero padding
  let end = plain.length - 1;
  while (end > 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error("bad padding delimiter");
  return plain.subarray(0, end).toString("utf8");
}

/** Verifies the VAPID Authorization header: an ES256 JWT for the endpoint's origin, signed by `k`. */
async function verifyVapid(header: string, audience: string, expectedKey: string) {
  const m = /^vapid t=([^,]+),\s*k=(.+)$/.exec(header);
  if (!m || m[2] !== expectedKey) throw new Error("bad vapid header");
  const raw = Buffer.from(m[2], "base64url");
  const key = await importJWK(
    { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33, 65).toString("base64url") },
    "ES256",
  );
  await jwtVerify(m[1], key, { audience });
}

/**
 * Starts the push service. `answer` picks the status per device (201 by default; 404/410 tell the
 * app the subscription is gone). Stopped after the test file.
 */
export function startPushService(vapidPublicKey: string) {
  const devices = new Map<string, FakeDevice>();
  const received: ReceivedPush[] = [];
  const answer = new Map<string, number>();
  const errors: string[] = [];
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const id = new URL(req.url).pathname.split("/").pop() ?? "";
      const device = devices.get(id);
      if (req.method !== "POST" || !device) return new Response("unknown", { status: 404 });
      const status = answer.get(id) ?? 201;
      try {
        await verifyVapid(req.headers.get("authorization") ?? "", new URL(req.url).origin, vapidPublicKey);
        if (req.headers.get("content-encoding") !== "aes128gcm") throw new Error("not aes128gcm");
        const payload = JSON.parse(decryptPush(new Uint8Array(await req.arrayBuffer()), device));
        received.push({ device: id, status, headers: req.headers, payload });
      } catch (e) {
        errors.push(String(e));
        return new Response("bad request", { status: 400 });
      }
      return new Response(null, { status });
    },
  });
  afterAll(() => server.stop(true));
  const base = `http://127.0.0.1:${server.port}`;

  /** A new device subscribed to this service (what PushManager.subscribe would answer). */
  function device(): FakeDevice {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const id = randomBytes(8).toString("hex");
    const authSecret = randomBytes(16);
    const d: FakeDevice = {
      id,
      endpoint: `${base}/push/${id}`,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: authSecret.toString("base64url") },
      privateKey: ecdh.getPrivateKey(),
      publicKey: ecdh.getPublicKey(),
      authSecret,
    };
    devices.set(id, d);
    return d;
  }

  return {
    base,
    device,
    received,
    errors,
    /** Makes the service answer `status` for a device from now on. */
    answerFor: (d: FakeDevice, status: number) => answer.set(d.id, status),
    /** The pushes one device received, decrypted. */
    of: (d: FakeDevice) => received.filter((r) => r.device === d.id).map((r) => r.payload),
    clear: () => {
      received.length = 0;
    },
  };
}
