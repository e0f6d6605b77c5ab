/**
 * PDF page count without a PDF library: the page tree root is the `/Type /Pages` dictionary with the
 * largest `/Count`. Dictionaries inside compressed object streams (`/Type /ObjStm`, Flate) are
 * inflated and searched too. Best effort: null when nothing is found.
 */
import { inflateSync } from "node:zlib";

/** Files above this are not scanned (the count is optional; reading 100 MB for it is not worth it). */
const SCAN_MAX_BYTES = 32 * 1024 * 1024;
const PAGES = /\/Type\s*\/Pages\b/g;
const COUNT = /\/Count\s+(\d{1,7})\b/;

function maxCount(text: string): number {
  let best = 0;
  for (const m of text.matchAll(PAGES)) {
    const at = m.index ?? 0;
    const start = text.lastIndexOf("<<", at);
    const end = text.indexOf(">>", at);
    const dict = text.slice(Math.max(0, start), end < 0 ? at + 400 : end);
    const c = COUNT.exec(dict);
    if (c) best = Math.max(best, Number(c[1]));
  }
  return best;
}

/** Inflated contents of the object streams (where modern PDFs keep the page tree). */
function* objectStreams(bytes: Uint8Array, text: string) {
  const re = /\/Type\s*\/ObjStm\b/g;
  let streams = 0;
  for (const m of text.matchAll(re)) {
    if (++streams > 2000) return;
    const s = text.indexOf("stream", m.index);
    if (s < 0) continue;
    let from = s + 6;
    if (text[from] === "\r") from++;
    if (text[from] === "\n") from++;
    const end = text.indexOf("endstream", from);
    if (end < 0) continue;
    try {
      yield Buffer.from(inflateSync(bytes.subarray(from, end))).toString("latin1");
    } catch {
      // not Flate or damaged: skip
    }
  }
}

/** Number of pages of a PDF, or null when unknown. */
export function pdfPageCount(bytes: Uint8Array): number | null {
  if (bytes.length > SCAN_MAX_BYTES) return null;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  if (!text.startsWith("%PDF")) return null;
  let best = maxCount(text);
  if (!best) for (const inner of objectStreams(bytes, text)) best = Math.max(best, maxCount(inner));
  return best > 0 ? best : null;
}
