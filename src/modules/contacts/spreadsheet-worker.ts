/**
 * The spreadsheet Worker: parses one import off the request thread (spreadsheet-pool.ts starts it,
 * bounds its time and ends it). Listed as an entrypoint of the single binary (scripts/build-binary.ts).
 */
import { AppError } from "../../core/errors";
import { parseContactsSheet } from "./spreadsheet";

declare const self: Worker;

self.onmessage = async (e: MessageEvent<{ bytes: Uint8Array; ext: string }>) => {
  try {
    self.postMessage({ ok: true, result: await parseContactsSheet(e.data.bytes, e.data.ext) });
  } catch (err) {
    if (err instanceof AppError) self.postMessage({ ok: false, code: err.code, status: err.status, params: err.params });
    else self.postMessage({ ok: false, code: "ERR_IMPORT_FILE_TYPE", status: 400, params: { allowed: "xls, xlsx" } });
  }
};
