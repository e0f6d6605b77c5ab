/**
 * The storage interface for files (src/lib/blob-store*.ts): the same behaviour table on the local folder and on an
 * S3-compatible bucket (s3rver started on 127.0.0.1 by the test, reached by Bun's S3 client as a real bucket is).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BadBlobKeyError, type BlobRead, type BlobStore, LocalBlobStore } from "../../src/lib/blob-store";
import { S3BlobStore } from "../../src/lib/blob-store-s3";
import { withS3 } from "../support/s3";

const s3 = withS3();
const folders: string[] = [];
afterAll(() => {
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

function localStore() {
  const dir = mkdtempSync(join(tmpdir(), "balcao-blobs-"));
  folders.push(dir);
  return { store: new LocalBlobStore(dir), dir };
}

/** A bucket store; the behaviour table gives each test a prefix of its own in the one bucket. */
const s3Store = (prefix?: string) =>
  new S3BlobStore({ endpoint: s3.endpoint, bucket: s3.bucket, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, prefix });

const text = async (r: BlobRead | null) => (r ? new Response(r.stream).text() : null);

/** A stream of `mb` MiB of a known pattern, in 256 KiB chunks with pauses (an upload arriving over a network). */
function slowStream(mb: number): { stream: ReadableStream<Uint8Array>; bytes: Uint8Array } {
  const bytes = new Uint8Array(mb * 1024 * 1024).map((_, i) => (i * 7) % 251);
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(c) {
      if (at >= bytes.length) return c.close();
      await Bun.sleep(0);
      c.enqueue(bytes.slice(at, at + 256 * 1024));
      at += 256 * 1024;
    },
  });
  return { stream, bytes };
}

/**
 * `atomicPut`: S3 shows an object only once its upload completed; the test server (s3rver) writes a plain PUT to
 * its disk as it arrives, so its readers can see a part: that case is checked on the local folder only.
 */
function behaviour(name: string, make: () => BlobStore, opts = { atomicPut: true }) {
  describe(name, () => {
    test("put, get, size, exists, replace, delete", async () => {
      const store = make();
      const key = "7/messages/1764180000000-a.txt";
      expect(await store.get(key)).toBeNull();
      expect(await store.size(key)).toBeNull();
      expect(await store.exists(key)).toBe(false);
      await store.put(key, "Olá, ação!", { type: "text/plain" });
      expect(await store.exists(key)).toBe(true);
      expect(await store.size(key)).toBe(Buffer.byteLength("Olá, ação!"));
      const read = await store.get(key);
      expect(read?.size).toBe(13);
      expect(read?.type).toStartWith("text/plain");
      expect(await text(read)).toBe("Olá, ação!");
      await store.put(key, new Uint8Array([104, 105]));
      expect(await text(await store.get(key))).toBe("hi");
      await store.delete(key);
      await store.delete(key); // absent: no error
      expect(await store.get(key)).toBeNull();
    });

    test("an uploaded File keeps its bytes and type; a range reads part of it", async () => {
      const store = make();
      const file = new File(["0123456789"], "doc.pdf", { type: "application/pdf" });
      await store.put("7/files/doc.pdf", file);
      expect((await store.get("7/files/doc.pdf"))?.type).toBe("application/pdf");
      const part = await store.get("7/files/doc.pdf", { start: 2, end: 5 });
      expect(part?.size).toBe(10);
      expect(await text(part)).toBe("2345");
      expect(await text(await store.get("7/files/doc.pdf", { start: 8 }))).toBe("89");
    });

    test("a 12 MiB stream is stored whole (S3: in parts) and reads back byte for byte", async () => {
      const store = make();
      const { stream, bytes } = slowStream(12);
      await store.put("7/messages/video.mp4", stream, { type: "video/mp4" });
      expect(await store.size("7/messages/video.mp4")).toBe(bytes.length);
      expect((await store.get("7/messages/video.mp4"))?.type).toBe("video/mp4");
      const back = new Uint8Array(await new Response((await store.get("7/messages/video.mp4"))?.stream).arrayBuffer());
      expect(back.length).toBe(bytes.length);
      expect(Bun.hash(back)).toBe(Bun.hash(bytes));
    }, 30_000);

    test("a stream that fails on the way stores nothing: the old object stays, no part is left", async () => {
      const store = make();
      await store.put("7/messages/up.mp4", "old");
      let sent = 0;
      const failing = new ReadableStream<Uint8Array>({
        async pull(c) {
          if (sent >= 11 * 1024 * 1024) return c.error(new Error("client went away"));
          await Bun.sleep(0);
          c.enqueue(new Uint8Array(1024 * 1024));
          sent += 1024 * 1024;
        },
      });
      await expect(store.put("7/messages/up.mp4", failing)).rejects.toThrow();
      expect(await text(await store.get("7/messages/up.mp4"))).toBe("old");
      await store.put("7/messages/big.bin", new Blob([new Uint8Array(7 * 1024 * 1024)]));
      expect(await store.size("7/messages/big.bin")).toBe(7 * 1024 * 1024);
    }, 30_000);

    test.if(opts.atomicPut)(
      "a reader never sees a half-written object",
      async () => {
        const store = make();
        await store.put("7/messages/clip.ogg", "old");
        const { stream, bytes } = slowStream(6);
        const writing = store.put("7/messages/clip.ogg", stream);
        const seen = new Set<number>();
        let done = false;
        void writing.then(() => (done = true));
        while (!done) {
          seen.add((await store.size("7/messages/clip.ogg")) ?? -1);
          await Bun.sleep(2);
        }
        await writing;
        for (const size of seen) expect([3, bytes.length]).toContain(size);
        expect(await store.size("7/messages/clip.ogg")).toBe(bytes.length);
      },
      30_000,
    );

    test("a company's objects go with deletePrefix, and only its own (7/ is not 70/)", async () => {
      const store = make();
      for (const k of ["7/messages/a.ogg", "7/files/b.pdf", "7/queues/c.png", "70/messages/d.ogg"]) await store.put(k, k);
      expect(await store.deletePrefix("7/")).toBe(3);
      expect(await store.exists("7/files/b.pdf")).toBe(false);
      expect(await text(await store.get("70/messages/d.ogg"))).toBe("70/messages/d.ogg");
      expect(await store.deletePrefix("7/")).toBe(0);
    });

    test("list: the keys under a prefix, sorted, at most the number asked, not another prefix's", async () => {
      const store = make();
      for (const k of ["spool/b.json", "spool/a.json", "spool/c.json", "spoolx/d.json", "8/files/e.pdf"]) await store.put(k, k);
      expect(await store.list("spool/")).toEqual(["spool/a.json", "spool/b.json", "spool/c.json"]);
      expect(await store.list("spool/", 2)).toEqual(["spool/a.json", "spool/b.json"]);
      expect(await store.list("nothing/")).toEqual([]);
    });

    test("a malformed key is refused before anything is touched", async () => {
      const store = make();
      for (const key of ["../etc/passwd", "/abs/x", "7//x", "7/../8/x", "7/.hidden", "", "7/a\\b", "7/a b", `7/${"x".repeat(200)}`, "7/ok/"]) {
        await expect(store.put(key, "x")).rejects.toBeInstanceOf(BadBlobKeyError);
        await expect(store.get(key)).rejects.toBeInstanceOf(BadBlobKeyError);
        await expect(store.delete(key)).rejects.toBeInstanceOf(BadBlobKeyError);
      }
      for (const prefix of ["", "/", "../", "7", "7/../"]) await expect(store.deletePrefix(prefix)).rejects.toBeInstanceOf(BadBlobKeyError);
    });
  });
}

behaviour("local folder", () => localStore().store);
behaviour("S3-compatible bucket", () => s3Store(`t-${crypto.randomUUID().slice(0, 8)}`), { atomicPut: false });

test("local: files sit at the media path under the folder, as data/media does today, and no temporary file stays", async () => {
  const { store, dir } = localStore();
  await store.put("3/messages/x.ogg", "voice");
  expect(await Bun.file(join(dir, "3/messages/x.ogg")).text()).toBe("voice");
  expect(readdirSync(join(dir, "3/messages"))).toEqual(["x.ogg"]);
  await store.deletePrefix("3/");
  expect(existsSync(join(dir, "3"))).toBe(false);
});

test("S3: two nodes see each other's objects; installations sharing a bucket under prefixes do not", async () => {
  const [nodeA, nodeB, other] = [s3Store("inst-1"), s3Store("inst-1"), s3Store("inst-2")];
  await nodeA.put("5/messages/m.txt", "from A");
  expect(await text(await nodeB.get("5/messages/m.txt"))).toBe("from A");
  expect(await other.exists("5/messages/m.txt")).toBe(false);
  expect(await other.deletePrefix("5/")).toBe(0);
  expect(await nodeB.exists("5/messages/m.txt")).toBe(true);
});

test("S3: a bucket that cannot be reached fails the call with an error (no hang)", async () => {
  const down = new S3BlobStore({ endpoint: "http://127.0.0.1:9", bucket: "x", accessKeyId: "k", secretAccessKey: "s" });
  await expect(down.put("1/a/b.txt", "x")).rejects.toBeDefined();
  await expect(down.get("1/a/b.txt")).rejects.toBeDefined();
});
