import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { acceptsEncoding, serveSpa } from "./spa";

// A built SPA served from the embedded-asset map (as the single binary does), with precompressed copies.
const dir = mkdtempSync(join(tmpdir(), "balcao-spa-"));
const js = `console.log(${JSON.stringify("x".repeat(4000))});`;
const files: Record<string, string | Uint8Array> = {
  "web/dist/index.html": '<!doctype html><script type="module" src="/assets/app-abc123de.js"></script>',
  "web/dist/assets/app-abc123de.js": js,
  "web/dist/assets/app-abc123de.js.br": brotliCompressSync(js),
  "web/dist/assets/app-abc123de.js.gz": Bun.gzipSync(js),
  "web/dist/logo.svg": "<svg/>",
  "web/dist/sw.js": "self.addEventListener('fetch', () => {});",
  "web/dist/manifest.webmanifest": '{"name":"Balcão"}',
};
const embedded: Record<string, string> = {};
for (const [rel, content] of Object.entries(files)) {
  const path = join(dir, rel.replaceAll("/", "_"));
  writeFileSync(path, content);
  embedded[rel] = path;
}
globalThis.__BALCAO_EMBEDDED__ = embedded;
afterAll(() => {
  globalThis.__BALCAO_EMBEDDED__ = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => serveSpa(new Request(`http://localhost${path}`, { headers }))!;

describe("the SPA's files", () => {
  test("a hashed asset: brotli when accepted, else gzip, else plain; immutable, typed, varying by encoding", async () => {
    const br = get("/assets/app-abc123de.js", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("content-type")).toContain("javascript");
    expect(br.headers.get("cache-control")).toContain("immutable");
    expect(br.headers.get("vary")).toBe("accept-encoding");
    expect(brotliDecompressSync(new Uint8Array(await br.arrayBuffer())).toString()).toBe(js);
    const gz = get("/assets/app-abc123de.js", { "accept-encoding": "gzip, br;q=0" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gz.arrayBuffer())))).toBe(js);
    const plain = get("/assets/app-abc123de.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(js);
  });

  test("a file without a precompressed copy is served as is; an unknown file is not the SPA's", async () => {
    const svg = get("/logo.svg", { "accept-encoding": "br" });
    expect(svg.headers.get("content-encoding")).toBeNull();
    expect(svg.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await svg.text()).toBe("<svg/>");
    expect(serveSpa(new Request("http://localhost/nope.js"))).toBeNull();
  });

  test("index.html for browser navigation, revalidated with its ETag (304 when unchanged)", async () => {
    const first = get("/tickets/5", { accept: "text/html" });
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-z]+"$/);
    expect(await first.text()).toContain("app-abc123de.js");
    const again = get("/", { accept: "text/html", "if-none-match": `W/${etag}` });
    expect(again.status).toBe(304);
    expect(get("/", { accept: "text/html", "if-none-match": '"other"' }).status).toBe(200);
    // API calls to the same paths are not the SPA's
    expect(serveSpa(new Request("http://localhost/tickets", { headers: { accept: "application/json" } }))).toBeNull();
  });

  test("the service worker and the manifest are revalidated on every use (a new build reaches browsers at their next check)", async () => {
    const sw = get("/sw.js");
    expect(sw.headers.get("cache-control")).toBe("no-cache");
    expect(sw.headers.get("content-type")).toContain("javascript");
    const manifest = get("/manifest.webmanifest");
    expect(manifest.headers.get("cache-control")).toBe("no-cache");
    expect(manifest.headers.get("content-type")).toBe("application/manifest+json");
    expect(await manifest.json()).toEqual({ name: "Balcão" });
  });

  test("/index.html itself is the page, with its security headers (the service worker caches the page this way too)", async () => {
    const page = get("/index.html");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(page.headers.get("cache-control")).toBe("no-cache");
  });

  test("Accept-Encoding: listed codings with q above 0 only", () => {
    expect(acceptsEncoding("gzip, br", "br")).toBe(true);
    expect(acceptsEncoding("br;q=0", "br")).toBe(false);
    expect(acceptsEncoding("br;q=0.5", "br")).toBe(true);
    expect(acceptsEncoding("gzip", "br")).toBe(false);
    expect(acceptsEncoding(null, "gzip")).toBe(false);
  });
});
