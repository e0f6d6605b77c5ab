import type { Deps } from "../core/deps";
import { AppError } from "../core/errors";
import type { BlobRange } from "../lib/blob-store";

/**
 * A file of the store as an HTTP answer, the same on the local folder and on a bucket: the whole file (200) or the
 * one byte range asked for (206; 416 when it lies past the end), with `accept-ranges` so players can seek.
 * `headers`: the route's own (type, caching, sandbox). A local file goes out as a Blob (sent with sendfile).
 */
export async function blobResponse(deps: Pick<Deps, "blobs">, key: string, rangeHeader: string | null, headers: Record<string, string>): Promise<Response> {
  const name = key.split("/").at(-1) as string;
  const base = { ...headers, "accept-ranges": "bytes", "content-disposition": `filename="${name}"` };
  const wanted = rangeHeader ? parseRange(rangeHeader) : null;
  if (!wanted) {
    const read = await deps.blobs.get(key);
    if (!read) throw new AppError("ERR_NOT_FOUND", 404);
    return new Response(read.blob ?? read.stream, { headers: { ...base, "content-length": String(read.size) } });
  }
  const size = await deps.blobs.size(key);
  if (size === null) throw new AppError("ERR_NOT_FOUND", 404);
  const range = resolveRange(wanted, size);
  if (!range) return new Response(null, { status: 416, headers: { ...base, "content-range": `bytes */${size}` } });
  const read = await deps.blobs.get(key, range);
  if (!read) throw new AppError("ERR_NOT_FOUND", 404);
  return new Response(read.blob ?? read.stream, {
    status: 206,
    headers: { ...base, "content-range": `bytes ${range.start}-${range.end}/${read.size}`, "content-length": String(range.end - range.start + 1) },
  });
}

/** One range of a `Range: bytes=…` header (first-last, first-, or -suffix); null for anything else (answered whole). */
function parseRange(header: string): { start?: number; end?: number } | null {
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!m || (!m[1] && !m[2])) return null;
  return { start: m[1] ? Number(m[1]) : undefined, end: m[2] ? Number(m[2]) : undefined };
}

/** The range within a file of `size` bytes, both ends included; null when it is not satisfiable. */
function resolveRange(r: { start?: number; end?: number }, size: number): Required<BlobRange> | null {
  if (r.start === undefined) {
    const n = Math.min(r.end ?? 0, size);
    return n > 0 ? { start: size - n, end: size - 1 } : null;
  }
  if (r.start >= size || (r.end !== undefined && r.end < r.start)) return null;
  return { start: r.start, end: Math.min(r.end ?? size - 1, size - 1) };
}
