import { INPUT_LIMITS, LIMITS } from "../../contract/limits";
import { normalizeNumber } from "../../contract/schemas/contacts";
import { AppError } from "../../core/errors";
import type { ImportRow } from "./queries";
import { assertZipWithinLimits, isZip } from "./zip-guard";
import { csvField, guardFormula } from "../../lib/csv";

/** Largest spreadsheet accepted in one import (rows after the header). */
export const IMPORT_MAX_ROWS = INPUT_LIMITS.spreadsheetRows;

type Column = "name" | "number" | "email";

/** Header names in pt, en and es, compared without accents, case, spaces or punctuation. */
const HEADERS: Record<string, Column> = {
  nome: "name",
  name: "name",
  nombre: "name",
  nomecompleto: "name",
  fullname: "name",
  numero: "number",
  number: "number",
  telefone: "number",
  phone: "number",
  telefono: "number",
  celular: "number",
  whatsapp: "number",
  mobile: "number",
  email: "email",
  mail: "email",
  correo: "email",
  correoelectronico: "email",
};

const key = (s: unknown) =>
  String(s ?? "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/** A leading apostrophe we add on export to neutralise formulas is removed again on import. */
const unguard = (s: string) => (/^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s);
const cell = (v: unknown) => (typeof v === "number" ? String(Math.round(v)) : unguard(String(v ?? "").trim()));

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ParsedImport {
  rows: ImportRow[];
  rejected: { row: number; reason: string }[];
}

/** True when the bytes look like an .xlsx (zip) or a legacy .xls (OLE compound file). */
function looksLikeSpreadsheet(bytes: Uint8Array, ext: string) {
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  const ole = bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;
  return ext === "xlsx" ? zip : ole || zip;
}

/**
 * Reads the first sheet: the first row is the header (name/number/email in any order, pt/en/es).
 * Rows keep their spreadsheet numbers (header = row 1). Invalid rows are reported, not imported.
 * A zip (.xlsx) is checked against the zip-bomb bounds first. Synchronous and CPU-bound: requests
 * call `parseSheetOffThread` (spreadsheet-pool.ts), which runs this in a Worker with a time limit.
 */
export async function parseContactsSheet(bytes: Uint8Array, ext: string): Promise<ParsedImport> {
  if (!looksLikeSpreadsheet(bytes, ext)) throw new AppError("ERR_IMPORT_FILE_TYPE", 400, { allowed: "xls, xlsx" });
  if (isZip(bytes)) assertZipWithinLimits(bytes);
  // Loaded on the first import: the parser is not needed to boot or to serve anything else.
  const XLSX = await import("@e965/xlsx");
  let table: unknown[][];
  try {
    const wb = XLSX.read(bytes, { type: "array", dense: true, sheetRows: IMPORT_MAX_ROWS + 2, cellHTML: false, cellFormula: false });
    const sheet = wb.Sheets[wb.SheetNames[0]];
    table = sheet ? XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: "", blankrows: true }) : [];
  } catch {
    throw new AppError("ERR_IMPORT_FILE_TYPE", 400, { allowed: "xls, xlsx" });
  }
  if (table.length > IMPORT_MAX_ROWS + 1) throw new AppError("ERR_IMPORT_TOO_MANY_ROWS", 400, { limit: IMPORT_MAX_ROWS });
  const header = (table[0] ?? []).map(key);
  const col: Partial<Record<Column, number>> = {};
  header.forEach((h, i) => {
    const c = HEADERS[h];
    if (c && col[c] === undefined) col[c] = i;
  });
  if (col.number === undefined) throw new AppError("ERR_IMPORT_NO_NUMBER_COLUMN", 400);
  const rows: ImportRow[] = [];
  const rejected: ParsedImport["rejected"] = [];
  for (let i = 1; i < table.length; i++) {
    const r = table[i] ?? [];
    const rawNumber = cell(r[col.number]);
    const name = col.name === undefined ? "" : cell(r[col.name]);
    const email = col.email === undefined ? "" : cell(r[col.email]).toLowerCase();
    if (!rawNumber && !name && !email) continue; // blank line
    const number = normalizeNumber(rawNumber);
    if (number.length < LIMITS.contactNumberMin || number.length > LIMITS.contactNumberMax) {
      rejected.push({ row: i + 1, reason: "ERR_IMPORT_INVALID_NUMBER" });
      continue;
    }
    if (email && (!EMAIL.test(email) || email.length > 120)) {
      rejected.push({ row: i + 1, reason: "ERR_IMPORT_INVALID_EMAIL" });
      continue;
    }
    // An empty name stays empty here: a new contact is then named by its number, an existing one keeps its name.
    rows.push({ row: i + 1, name: name.slice(0, LIMITS.nameMax), number, email });
  }
  return { rows, rejected };
}

/** The export's header row in the user's language (import reads all three). */
const CSV_HEADERS: Record<string, string> = { "pt-BR": "nome;numero;email", en: "name;number;email", es: "nombre;telefono;correo" };

/** The export file: `;`-separated, CRLF lines, UTF-8 with a BOM so spreadsheet apps keep accents. */
export function contactsCsv(rows: { name: string; number: string; email: string }[], lang = "en"): string {
  const lines = [CSV_HEADERS[lang] ?? CSV_HEADERS.en];
  for (const r of rows) lines.push([r.name, r.number, r.email].map((v) => csvField(guardFormula(v))).join(";"));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
