import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { YOUTUBE_EMBED_ORIGIN } from "../contract/youtube";
import { assetPath } from "../lib/assets";

const DIST = "web/dist";
/**
 * Tests only (NODE_ENV=test): serve the SPA from another built folder, so a browser test can change
 * "its" build (a new service worker) without touching the one other tests are using.
 */
const TEST_DIST = process.env.NODE_ENV === "test" ? process.env.TEST_WEB_DIST : undefined;
/** A built file's readable path ("web/dist/…" project-relative), or null. */
function distPath(rel: string): string | null {
  if (!TEST_DIST) return assetPath(rel);
  const p = join(TEST_DIST, rel.slice(DIST.length));
  return existsSync(p) ? p : null;
}
const HASHED = /-[a-z0-9]{6,}\.[a-z0-9]+$/i;
/**
 * Files at fixed names that must be revalidated on every use: the service worker (a new build must
 * reach browsers on their next check) and the manifest.
 */
const REVALIDATED: Record<string, string> = { "/sw.js": "text/javascript; charset=utf-8", "/manifest.webmanifest": "application/manifest+json" };
/** Precompressed copies written by scripts/build-web.ts, best first. */
const ENCODINGS = [
  ["br", ".br"],
  ["gzip", ".gz"],
] as const;

interface IndexPage {
  html: string;
  etag: string;
}

let indexPage: IndexPage | null = null;
function index(): IndexPage | null {
  if (indexPage !== null) return indexPage;
  const p = distPath(`${DIST}/index.html`);
  if (!p) return null;
  const html = readFileSync(p, "utf8");
  const page = { html, etag: `"${Bun.hash(html).toString(36)}"` };
  // Cached only in production builds; in dev/test the SPA may be rebuilt while the server runs.
  if (process.env.NODE_ENV === "production") indexPage = page;
  return page;
}

/**
 * The page's Content-Security-Policy: only our own scripts (plus compiling WebAssembly, which the
 * voice-note encoder and decoder need), our own API and socket, images from our media and WhatsApp's
 * profile pictures (https), no plugins, no foreign form targets. The only frame it may hold is the
 * help videos' player, from YouTube's privacy-enhanced host; nobody may frame it. Inline styles stay
 * allowed (component libraries position popovers with them); inline scripts do not.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' data: blob:",
  "font-src 'self' data:",
  "manifest-src 'self'",
  "connect-src 'self'",
  `frame-src ${YOUTUBE_EMBED_ORIGIN}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Headers of the page itself. */
export const PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-cache",
  "content-security-policy": CONTENT_SECURITY_POLICY,
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  "x-frame-options": "DENY",
  "permissions-policy": "camera=(), geolocation=(), payment=(), usb=(), microphone=(self)",
  "cross-origin-opener-policy": "same-origin",
};

const wantsHtml = (req: Request) => {
  const accept = req.headers.get("accept") ?? "";
  return accept.includes("text/html") && !req.headers.has("authorization");
};

/** Whether the client accepts a content coding (listed with a q above 0). */
export function acceptsEncoding(header: string | null, coding: string): boolean {
  if (!header) return false;
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (name.trim() !== coding) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

/** The asset's precompressed copy the client accepts, if the build wrote one. */
function precompressed(req: Request, rel: string): { path: string; coding: string } | null {
  const header = req.headers.get("accept-encoding");
  for (const [coding, ext] of ENCODINGS) {
    if (!acceptsEncoding(header, coding)) continue;
    const path = distPath(`${rel}${ext}`);
    if (path) return { path, coding };
  }
  return null;
}

/**
 * Serves the built SPA: hashed assets immutable for a year, index.html revalidated every time (ETag,
 * 304 when unchanged), text files from their brotli or gzip copy when the client accepts one, and the
 * index for any browser navigation (Accept: text/html) that is not a file, so client routes like
 * /tickets work on reload while API calls to the same paths (Accept: application/json) reach the API.
 * Returns null when the request is not for the SPA.
 */
export function serveSpa(req: Request): Response | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const path = decodeURIComponent(new URL(req.url).pathname);
  if (path === "/ws" || path.includes("..")) return null;
  const last = path.split("/").pop() ?? "";
  if (last.includes(".") && path !== "/index.html") {
    const p = distPath(`${DIST}${path}`);
    if (!p) return null;
    const fixed = REVALIDATED[path];
    const headers: Record<string, string> = {
      "cache-control": fixed ? "no-cache" : HASHED.test(last) ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      "x-content-type-options": "nosniff",
      vary: "accept-encoding",
    };
    if (fixed) headers["content-type"] = fixed;
    const packed = precompressed(req, `${DIST}${path}`);
    if (!packed) return new Response(Bun.file(p), { headers });
    const type = fixed ?? Bun.file(p).type;
    return new Response(Bun.file(packed.path), { headers: { ...headers, "content-type": type, "content-encoding": packed.coding } });
  }
  if (!wantsHtml(req) && path !== "/index.html") return null;
  const page = index();
  if (!page) return new Response("The web app is not built: run ./install.sh (or bun run build:web).", { status: 503 });
  const headers = { ...PAGE_HEADERS, etag: page.etag };
  const known = (req.headers.get("if-none-match") ?? "").split(",").map((t) => t.trim().replace(/^W\//, ""));
  if (known.includes(page.etag)) return new Response(null, { status: 304, headers });
  return new Response(page.html, { headers });
}
