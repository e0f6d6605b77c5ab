/**
 * Spreadsheet imports off the request thread (issue 10): each parse runs in its own Worker, at most
 * two at a time, and is ended after INPUT_LIMITS.spreadsheetParseMs, so one heavy file never blocks
 * the other users' requests and never holds memory past its time.
 */
import type { ErrorCode } from "../../contract/errors";
import { INPUT_LIMITS } from "../../contract/limits";
import { AppError } from "../../core/errors";
import type { ParsedImport } from "./spreadsheet";

const MAX_PARALLEL = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function slot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((r) => waiting.push(r));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

type WorkerAnswer = { ok: true; result: ParsedImport } | { ok: false; code: ErrorCode; status: number; params?: Record<string, unknown> };

/** Parses a spreadsheet in a Worker; throws the parser's AppError, or ERR_IMPORT_TOO_SLOW past the time limit. */
export function parseSheetOffThread(bytes: Uint8Array, ext: string, timeoutMs: number = INPUT_LIMITS.spreadsheetParseMs): Promise<ParsedImport> {
  return slot(
    () =>
      new Promise<ParsedImport>((resolve, reject) => {
        const worker = new Worker(new URL("./spreadsheet-worker.ts", import.meta.url).href, { smol: true });
        const done = () => {
          clearTimeout(timer);
          worker.terminate();
        };
        const timer = setTimeout(() => {
          done();
          reject(new AppError("ERR_IMPORT_TOO_SLOW", 422, { seconds: Math.round(timeoutMs / 1000) }));
        }, timeoutMs);
        worker.onmessage = (e: MessageEvent<WorkerAnswer>) => {
          done();
          const a = e.data;
          if (a.ok) resolve(a.result);
          else reject(new AppError(a.code, a.status, a.params));
        };
        worker.onerror = (e) => {
          done();
          reject(new Error(`spreadsheet worker failed: ${e.message}`));
        };
        worker.postMessage({ bytes, ext }, [bytes.buffer as ArrayBuffer]);
      }),
  );
}
