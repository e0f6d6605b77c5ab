/**
 * The thumbnail Worker: makes one image's JPEG thumbnail in pure JavaScript, off the server's
 * thread (thumbnail-js.ts; started and ended by describe.ts, only where sharp does not load).
 * Listed as an entrypoint of the single binary (scripts/build-binary.ts).
 */
import { readFileSync } from "node:fs";
import { thumbnailJs } from "./thumbnail-js";

declare const self: Worker;

self.onmessage = (e: MessageEvent<{ path?: string; bytes?: Uint8Array; max: number }>) => {
  try {
    const bytes = e.data.bytes ?? new Uint8Array(readFileSync(e.data.path as string));
    const t = thumbnailJs(bytes, e.data.max);
    self.postMessage({ ok: true, ...t }, [t.jpeg.buffer as ArrayBuffer]);
  } catch (err) {
    self.postMessage({ ok: false, error: String((err as Error)?.message ?? err) });
  }
};
