/**
 * A minimal streaming ustar writer and reader: backups are one `.tar.gz` written and read in chunks,
 * never buffered whole (a media folder can be many gigabytes). Only regular files are stored; names
 * up to 255 bytes (prefix + name fields).
 */
import { createHash } from "node:crypto";
import { open } from "node:fs/promises";

const BLOCK = 512;
const CHUNK = 256 * 1024;
const enc = new TextEncoder();
const dec = new TextDecoder();

/** A file to put in the archive: read from `path` or given as `data`. */
export interface TarInput {
  name: string;
  path?: string;
  data?: Uint8Array;
}

/** What the writer reports of each written file. */
export interface TarWritten {
  name: string;
  size: number;
  sha256: string;
}

function octal(n: number, width: number) {
  return `${n.toString(8).padStart(width - 1, "0")}\0`;
}

function splitName(name: string): [prefix: string, name: string] {
  const bytes = enc.encode(name).length;
  if (bytes <= 100) return ["", name];
  for (let i = name.lastIndexOf("/"); i > 0; i = name.lastIndexOf("/", i - 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (enc.encode(prefix).length <= 155 && enc.encode(rest).length <= 100) return [prefix, rest];
  }
  throw new Error(`name too long for the archive: ${name}`);
}

/** The 512-byte ustar header of a regular file. */
export function tarHeader(name: string, size: number, mtime = Math.floor(Date.now() / 1000)): Uint8Array {
  const h = new Uint8Array(BLOCK);
  const put = (s: string, off: number) => h.set(enc.encode(s), off);
  const [prefix, base] = splitName(name);
  put(base, 0);
  put(octal(0o644, 8), 100);
  put(octal(0, 8), 108);
  put(octal(0, 8), 116);
  put(octal(size, 12), 124);
  put(octal(mtime, 12), 136);
  put("        ", 148);
  put("0", 156);
  put("ustar\u000000", 257);
  put(prefix, 345);
  let sum = 0;
  for (const b of h) sum += b;
  put(`${sum.toString(8).padStart(6, "0")}\0 `, 148);
  return h;
}

const padding = (size: number) => new Uint8Array((BLOCK - (size % BLOCK)) % BLOCK);

/**
 * Yields the archive's bytes file by file. A file is opened before its header is written and read
 * through the open handle, so one deleted meanwhile still goes in whole; `onFile` gets each file's
 * size and checksum (the manifest), `last()` supplies a final entry built from them.
 */
export async function* tarStream(inputs: Iterable<TarInput> | AsyncIterable<TarInput>, onFile: (w: TarWritten) => void, last?: () => TarInput) {
  const one = async function* (input: TarInput) {
    const hash = createHash("sha256");
    if (input.data) {
      yield tarHeader(input.name, input.data.length);
      hash.update(input.data);
      yield input.data;
      yield padding(input.data.length);
      onFile({ name: input.name, size: input.data.length, sha256: hash.digest("hex") });
      return;
    }
    let fh: Awaited<ReturnType<typeof open>>;
    try {
      fh = await open(input.path as string, "r");
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return; // removed since it was listed
      throw e;
    }
    try {
      const { size, mtimeMs } = await fh.stat();
      yield tarHeader(input.name, size, Math.floor(mtimeMs / 1000));
      let done = 0;
      while (done < size) {
        const buf = new Uint8Array(Math.min(CHUNK, size - done));
        const { bytesRead } = await fh.read(buf, 0, buf.length, done);
        if (bytesRead === 0) throw new Error(`${input.name} shrank while it was archived`);
        const part = bytesRead === buf.length ? buf : buf.subarray(0, bytesRead);
        hash.update(part);
        done += bytesRead;
        yield part;
      }
      yield padding(size);
      onFile({ name: input.name, size, sha256: hash.digest("hex") });
    } finally {
      await fh.close();
    }
  };
  for await (const input of inputs) yield* one(input);
  if (last) yield* one(last());
  yield new Uint8Array(BLOCK * 2);
}

/** One file read from an archive: its name, size, and its content in chunks. */
export interface TarEntry {
  name: string;
  size: number;
}

/**
 * Reads an archive's byte stream and calls `onEntry` for each regular file, then `onData` with its
 * content chunks and `onEnd` when the file is complete. Throws on a bad header checksum and on an
 * archive that ends before its end marker (truncated).
 */
export async function readTar(
  chunks: AsyncIterable<Uint8Array>,
  handler: { onEntry(e: TarEntry): void | Promise<void>; onData(chunk: Uint8Array): void | Promise<void>; onEnd(): void | Promise<void> },
) {
  let buf: Uint8Array = new Uint8Array(0);
  let state: "header" | "data" | "pad" | "end" = "header";
  let left = 0;
  let pad = 0;
  let zeroBlocks = 0;
  const take = (n: number) => {
    const out = buf.subarray(0, n);
    buf = buf.subarray(n);
    return out;
  };
  for await (const chunk of chunks) {
    if (state === "end") continue;
    buf = buf.length ? concat(buf, chunk) : chunk;
    for (;;) {
      if (state === "header") {
        if (buf.length < BLOCK) break;
        const h = take(BLOCK);
        if (h.every((b) => b === 0)) {
          if (++zeroBlocks === 2) {
            state = "end";
            break;
          }
          continue;
        }
        zeroBlocks = 0;
        const field = (off: number, len: number) => dec.decode(h.subarray(off, off + len)).replace(/\0.*$/s, "");
        const stored = Number.parseInt(field(148, 8).trim(), 8);
        let sum = 0;
        for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i];
        if (stored !== sum) throw new Error("archive header checksum mismatch");
        const size = Number.parseInt(field(124, 12).trim() || "0", 8);
        const type = field(156, 1) || "0";
        const prefix = field(345, 155);
        const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
        left = size;
        pad = (BLOCK - (size % BLOCK)) % BLOCK;
        if (type === "0") await handler.onEntry({ name, size });
        state = type === "0" ? "data" : "pad";
        if (type !== "0") pad += size;
        if (state === "data" && left === 0) {
          await handler.onEnd();
          state = "pad";
        }
      } else if (state === "data") {
        if (!buf.length) break;
        const part = take(Math.min(left, buf.length));
        left -= part.length;
        await handler.onData(part);
        if (left === 0) {
          await handler.onEnd();
          state = "pad";
        }
      } else if (state === "pad") {
        const n = Math.min(pad, buf.length);
        take(n);
        pad -= n;
        if (pad > 0) break;
        state = "header";
      } else break;
    }
  }
  if (state !== "end") throw new Error("archive ends early (truncated)");
}

function concat(a: Uint8Array, b: Uint8Array) {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
