import { readFileSync } from "node:fs";
import { assetPath } from "../lib/assets";

const DIST = "web/dist";
const HASHED = /-[a-z0-9]{6,}\.[a-z0-9]+$/i;

let indexHtml: string | null = null;
function index(): string | null {
  if (indexHtml !== null) return indexHtml;
  const p = assetPath(`${DIST}/index.html`);
  if (!p) return null;
  const html = readFileSync(p, "utf8");
  // Cached only in production builds; in dev/test the SPA may be rebuilt while the server runs.
  if (process.env.NODE_ENV === "production") indexHtml = html;
  return html;
}

/**
 * The page's Content-Security-Policy: only our own scripts (plus compiling WebAssembly, which the
 * voice-note encoder and decoder need), our own API and socket, images from our media and WhatsApp's
 * profile pictures (https), no framing, no plugins, no foreign form targets. Inline styles stay
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
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Headers of the page itself. */
export const PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
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

/**
 * Serves the built SPA: hashed assets immutable for a year, index.html never cached, and the index
 * for any browser navigation (Accept: text/html) that is not a file, so client routes like /tickets
 * work on reload while API calls to the same paths (Accept: application/json) reach the API.
 * Returns null when the request is not for the SPA.
 */
export function serveSpa(req: Request): Response | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const path = decodeURIComponent(new URL(req.url).pathname);
  if (path === "/ws" || path.includes("..")) return null;
  const last = path.split("/").pop() ?? "";
  if (last.includes(".")) {
    const p = assetPath(`${DIST}${path}`);
    if (!p) return null;
    const cache = HASHED.test(last) ? "public, max-age=31536000, immutable" : "public, max-age=3600";
    return new Response(Bun.file(p), { headers: { "cache-control": cache, "x-content-type-options": "nosniff" } });
  }
  if (!wantsHtml(req)) return null;
  const html = index();
  if (!html) return new Response("The web app is not built: run ./install.sh (or bun run build:web).", { status: 503 });
  return new Response(html, { headers: PAGE_HEADERS });
}
