/**
 * Zip-bomb guard for spreadsheets (.xlsx is a zip): before the spreadsheet library sees the file,
 * the entry count is checked and every entry is really inflated against a running budget (the sizes a
 * zip declares can lie), so a 0.5 MB file that expands to gigabytes is refused early and cheaply.
 */
import { inflateRawSync } from "node:zlib";
import { INPUT_LIMITS } from "../../contract/limits";
import { formatBytes } from "../../contract/media";
import { AppError } from "../../core/errors";

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

const tooLarge = (limit = INPUT_LIMITS.spreadsheetUncompressedBytes) => new AppError("ERR_IMPORT_TOO_LARGE", 413, { limit, size: formatBytes(limit) });
const broken = () => new AppError("ERR_IMPORT_FILE_TYPE", 400, { allowed: "xls, xlsx" });

/** True for a zip (local file header magic). */
export const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** Throws ERR_IMPORT_TOO_LARGE when the zip has too many entries or inflates past the budget. */
export function assertZipWithinLimits(
  bytes: Uint8Array,
  maxEntries: number = INPUT_LIMITS.spreadsheetZipEntries,
  maxBytes: number = INPUT_LIMITS.spreadsheetUncompressedBytes,
) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw broken();
  const entries = view.getUint16(eocd + 10, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  // ZIP64 markers: no spreadsheet within our size bound needs them.
  if (entries === 0xffff || cdOffset === 0xffffffff) throw tooLarge(maxBytes);
  if (entries > maxEntries) throw tooLarge(maxBytes);
  let at = cdOffset;
  let budget = maxBytes;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL) throw broken();
    const method = view.getUint16(at + 10, true);
    const compressed = view.getUint32(at + 20, true);
    const declared = view.getUint32(at + 24, true);
    const nameLen = view.getUint16(at + 28, true);
    const extraLen = view.getUint16(at + 30, true);
    const commentLen = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    at += 46 + nameLen + extraLen + commentLen;
    if (declared > budget) throw tooLarge(maxBytes);
    if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL) throw broken();
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, start + compressed);
    let real: number;
    if (method === 0) real = data.length;
    else if (method === 8) {
      try {
        real = inflateRawSync(data, { maxOutputLength: budget + 1 }).length;
      } catch (e) {
        if (e instanceof RangeError || (e as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw tooLarge(maxBytes);
        throw broken();
      }
    } else throw broken();
    if (real > budget) throw tooLarge(maxBytes);
    budget -= real;
  }
}
