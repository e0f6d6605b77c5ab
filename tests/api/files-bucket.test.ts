/**
 * Files in a bucket (S3_URL set, s3rver on 127.0.0.1): the main media paths of the product work the same as on the
 * data folder, and nothing lands in data/media. A file list's upload, a customer's image through the sandbox channel,
 * an agent's image sent to the phone, GET /media whole and by range, an announcement image, deletions (a row's file,
 * a company's files), the backup's manifest; a bucket that is missing or cannot be reached answers a clear 503.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import sharp from "sharp";
import { scratchFolder } from "../../src/lib/blob-store";
import { S3BlobStore } from "../../src/lib/blob-store-s3";
import type { Config } from "../../src/config";
import { createBackup } from "../../src/ops/backup";
import { fileStoreCheck } from "../../src/ops/doctor";
import { makeTestApp } from "../helpers/app";
import { s3Env, startS3 } from "../support/s3";

const s3 = await startS3();
afterAll(() => s3.close());
const t = await makeTestApp({ env: s3Env(s3) });
/** The bucket as another node would see it. */
const bucket = new S3BlobStore({ endpoint: s3.endpoint, bucket: s3.bucket, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey });
const a = await t.newCompany();
const b = await t.newCompany();
const NUMBER = "5511912345678";

const png = async (w = 64, h = 48) =>
  new Uint8Array(
    await sharp({ create: { width: w, height: h, channels: 3, background: "#2a9d8f" } })
      .png()
      .toBuffer(),
  );
const image = await png(120, 80);
const pdf = () => new File([new TextEncoder().encode("%PDF-1.4\n%bucket test\n%%EOF\n")], "tabela.pdf", { type: "application/pdf" });
const key = (mediaUrl: string) => mediaUrl.replace(/^\/media\//, "");
/** Files under the data folder's media (none when every file is in the bucket). */
const localMedia = () => (existsSync(t.config.mediaDir) ? readdirSync(t.config.mediaDir, { recursive: true }).filter((n) => String(n).includes(".")) : []);

async function waitFor<T>(fn: () => Promise<T | undefined | null | false> | T | undefined | null | false, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error("timed out");
    await Bun.sleep(30);
  }
}

describe("files in a bucket", () => {
  test("the app's store is the bucket", () => {
    expect(t.deps.blobs.kind).toBe("s3");
  });

  let listId = 0;
  let optionPath = "";
  test("a file list's upload goes to the bucket; served to the company only; a replaced file is removed", async () => {
    const r = await t.call("POST", "/files", { token: a.admin.token, body: { name: "Catálogo", message: "Segue", options: [{ name: "Tabela" }] } });
    listId = r.json.id;
    const opt = r.json.options[0].id;
    const form = () => {
      const f = new FormData();
      f.append("files", pdf());
      f.append("id", String(opt));
      return f;
    };
    const up = await t.call("POST", `/files/uploadList/${listId}`, { token: a.admin.token, form: form() });
    expect(up.status).toBe(200);
    optionPath = up.json.options[0].path;
    expect(optionPath).toStartWith(`${a.company.id}/file-lists/`);
    expect(await bucket.exists(optionPath)).toBe(true);
    const got = await t.call("GET", up.json.options[0].mediaUrl, { token: a.admin.token });
    expect([got.status, got.headers.get("content-type"), got.text]).toEqual([200, "application/pdf", "%PDF-1.4\n%bucket test\n%%EOF\n"]);
    expect(got.headers.get("cache-control")).toBe("private, max-age=3600");
    expect(got.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await t.call("GET", up.json.options[0].mediaUrl, { token: b.admin.token })).status).toBe(404);
    // a new file on the option: the old one leaves the bucket
    const again = await t.call("POST", `/files/uploadList/${listId}`, { token: a.admin.token, form: form() });
    expect(again.json.options[0].path).not.toBe(optionPath);
    await waitFor(async () => !(await bucket.exists(optionPath)));
    optionPath = again.json.options[0].path;
    expect(localMedia()).toEqual([]);
  });

  let connId = 0;
  let ticketId = 0;
  let inboundUrl = "";
  test("a customer's image through the sandbox channel is stored in the bucket and read whole or by range", async () => {
    const created = await t.call("POST", "/whatsapp", { token: a.admin.token, body: { name: "Sandbox", channel: "sandbox" } });
    connId = created.json.id;
    await waitFor(async () => (await t.call("GET", `/whatsapp/${connId}`, { token: a.admin.token })).json.status === "CONNECTED");
    const form = new FormData();
    form.set("number", NUMBER);
    form.set("type", "image");
    form.set("body", "foto do produto");
    form.set("file", new File([image], "foto.png", { type: "image/png" }));
    const sent = await t.call("POST", `/sandbox/${connId}/messages`, { token: a.admin.token, form });
    expect(sent.status).toBe(201);
    const list = await t.call("GET", "/tickets?status=pending", { token: a.admin.token });
    ticketId = list.json.tickets.find((x: { contact: { number: string } }) => x.contact.number === NUMBER).id;
    const msgs = await t.call("GET", `/messages/${ticketId}`, { token: a.admin.token });
    const msg = msgs.json.messages.find((m: { mediaType: string }) => m.mediaType === "image");
    inboundUrl = msg.mediaUrl;
    expect(inboundUrl).toStartWith(`/media/${a.company.id}/messages/`);
    expect(await bucket.size(key(inboundUrl))).toBe(image.length);

    const whole = await t.app.handle(new Request(`http://localhost${inboundUrl}`, { headers: { authorization: `Bearer ${a.admin.token}` } }));
    expect([whole.status, whole.headers.get("content-type"), whole.headers.get("accept-ranges")]).toEqual([200, "image/png", "bytes"]);
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(image);
    const part = await t.app.handle(
      new Request(`http://localhost${inboundUrl}`, { headers: { authorization: `Bearer ${a.admin.token}`, range: "bytes=8-15" } }),
    );
    expect([part.status, part.headers.get("content-range"), part.headers.get("content-length")]).toEqual([206, `bytes 8-15/${image.length}`, "8"]);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(image.slice(8, 16));
    const tail = await t.app.handle(new Request(`http://localhost${inboundUrl}`, { headers: { authorization: `Bearer ${a.admin.token}`, range: "bytes=-4" } }));
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(image.slice(-4));
    const past = await t.app.handle(
      new Request(`http://localhost${inboundUrl}`, { headers: { authorization: `Bearer ${a.admin.token}`, range: `bytes=${image.length}-` } }),
    );
    expect([past.status, past.headers.get("content-range")]).toEqual([416, `bytes */${image.length}`]);
    // another company gets 404, as on the data folder (the visibility check runs before the store is asked)
    expect((await t.call("GET", inboundUrl, { token: b.admin.token })).status).toBe(404);
  });

  test("an agent's image goes from the bucket to the phone, with its preview", async () => {
    expect((await t.call("PUT", `/tickets/${ticketId}`, { token: a.admin.token, body: { status: "open" } })).status).toBe(200);
    const form = new FormData();
    form.append("medias", new File([await png(300, 200)], "resposta.png", { type: "image/png" }));
    form.append("body", "Veja esta");
    const r = await t.call("POST", `/messages/${ticketId}`, { token: a.admin.token, form });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ mediaType: "image", sendStatus: "sent" });
    expect(await bucket.exists(key(r.json.mediaUrl))).toBe(true);
    const conv = await t.call("GET", `/sandbox/${connId}/conversation?number=${NUMBER}`, { token: a.admin.token });
    const out = conv.json.messages.find((m: { direction: string; type: string }) => m.direction === "out" && m.type === "image");
    expect(out.mediaUrl).toBe(r.json.mediaUrl);
    expect(out.media).toMatchObject({ width: 300, height: 200 });
    expect(out.media.thumbnail).toStartWith("data:image/jpeg;base64,");
    // the copy made for the probe and the channel is gone once the message went out
    expect(readdirSync(scratchFolder() as string)).toEqual([]);
    expect(localMedia()).toEqual([]);
  });

  test("an announcement image is public from the bucket; removing it removes the object", async () => {
    const root = await t.superSession();
    const an = await t.call("POST", "/announcements", { token: root.token, body: { title: "Aviso", text: "texto", status: true, priority: 1 } });
    const form = new FormData();
    form.append("file", new File([image], "aviso.png", { type: "image/png" }));
    const up = await t.call("POST", `/announcements/${an.json.id}/media-upload`, { token: root.token, form });
    expect(up.json.mediaUrl).toMatch(/^\/public\/announcements\//);
    const res = await t.app.handle(new Request(`http://localhost${up.json.mediaUrl}`));
    expect([res.status, res.headers.get("content-type"), res.headers.get("cache-control")]).toEqual([200, "image/png", "public, max-age=86400"]);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(image);
    const objectKey = `public/announcements/${up.json.mediaPath}`;
    expect(await bucket.exists(objectKey)).toBe(true);
    await t.call("DELETE", `/announcements/${an.json.id}/media-upload`, { token: root.token });
    await waitFor(async () => !(await bucket.exists(objectKey)));
  });

  test("doctor reports the bucket and proves it writable; a missing bucket is a FAIL line naming what to check", async () => {
    const ok = await fileStoreCheck(t.config);
    expect(ok).toMatchObject({ name: "file store", level: "ok" });
    expect(ok.detail).toContain(`S3 bucket s3://${s3.bucket}/`);
    expect(ok.detail).not.toContain(s3.secretAccessKey);
    const gone = await fileStoreCheck({ ...t.config, blobs: { ...(t.config.blobs as Extract<Config["blobs"], { kind: "s3" }>), bucket: "no-such-bucket" } });
    expect(gone.level).toBe("fail");
    expect(gone.detail).toContain("check S3_URL, S3_BUCKET and the keys");
  });

  // Backup archives hold SQLite's database; on PostgreSQL there are none (tests/ops/boot.test.ts: backup says why).
  test.skipIf(process.env.BALCAO_TEST_ENGINE === "pg")("a backup holds the database and settings and says the files are in the bucket", async () => {
    const backup = await createBackup(t.db, t.config.dataDir, { kind: "manual", filesIn: "s3://balcao-test/" });
    expect(backup.manifest).toMatchObject({ media: false, filesIn: "s3://balcao-test/" });
    expect(backup.manifest.files.some((f) => f.name.startsWith("media/"))).toBe(false);
    expect(backup.manifest.files.some((f) => f.name === "secrets.json")).toBe(true);
  });

  test("deleting the list removes its file; deleting the company removes every object of it, never another's", async () => {
    const bFile = await t.call("POST", "/files", { token: b.admin.token, body: { name: "Lista B", message: "m", options: [{ name: "Doc" }] } });
    const f = new FormData();
    f.append("files", pdf());
    f.append("id", String(bFile.json.options[0].id));
    const bUp = await t.call("POST", `/files/uploadList/${bFile.json.id}`, { token: b.admin.token, form: f });
    const bPath = bUp.json.options[0].path;
    expect((await t.call("DELETE", `/files/${listId}`, { token: a.admin.token })).status).toBe(200);
    await waitFor(async () => !(await bucket.exists(optionPath)));
    expect(await bucket.exists(key(inboundUrl))).toBe(true);
    const root = await t.superSession();
    expect((await t.call("DELETE", `/companies/${a.company.id}`, { token: root.token })).status).toBe(200);
    await waitFor(async () => !(await bucket.exists(key(inboundUrl))));
    // The company's folder empties in the background, object by object: nothing of it stays.
    await waitFor(async () => (await bucket.list(`${a.company.id}/`)).length === 0);
    expect(await bucket.deletePrefix(`${a.company.id}/`)).toBe(0);
    expect(await bucket.exists(bPath)).toBe(true);
  });
});

describe("a bucket that cannot be used", () => {
  test("missing bucket: an upload answers 503 ERR_STORAGE_UNAVAILABLE, nothing is half stored", async () => {
    const m = await makeTestApp({ env: { ...s3Env(s3), S3_BUCKET: "no-such-bucket" } });
    const c = await m.newCompany();
    const list = await m.call("POST", "/files", { token: c.admin.token, body: { name: "Lista", message: "m", options: [{ name: "Doc" }] } });
    const f = new FormData();
    f.append("files", pdf());
    f.append("id", String(list.json.options[0].id));
    const r = await m.call("POST", `/files/uploadList/${list.json.id}`, { token: c.admin.token, form: f });
    expect([r.status, r.json]).toEqual([503, { error: "ERR_STORAGE_UNAVAILABLE" }]);
    expect((await m.call("GET", `/files/${list.json.id}`, { token: c.admin.token })).json.options[0].path).toBeNull();
  });

  test("unreachable service: uploads and media answer 503 quickly, never a 500 or a hang", async () => {
    const m = await makeTestApp({ env: { ...s3Env(s3), S3_URL: "http://127.0.0.1:9" } });
    const c = await m.newCompany();
    const list = await m.call("POST", "/files", { token: c.admin.token, body: { name: "Lista", message: "m", options: [{ name: "Doc" }] } });
    const f = new FormData();
    f.append("files", pdf());
    f.append("id", String(list.json.options[0].id));
    const started = performance.now();
    const r = await m.call("POST", `/files/uploadList/${list.json.id}`, { token: c.admin.token, form: f });
    expect([r.status, r.json]).toEqual([503, { error: "ERR_STORAGE_UNAVAILABLE" }]);
    const get = await m.call("GET", `/media/${c.company.id}/file-lists/1-x.pdf`, { token: c.admin.token });
    expect([get.status, get.json]).toEqual([503, { error: "ERR_STORAGE_UNAVAILABLE" }]);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
