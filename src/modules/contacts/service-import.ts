import type { ContactImportReportDto } from "../../contract/dto/contacts";
import { refreshStatistics } from "../../db/client";
import { audit } from "../audit";
import type { Ctx } from "../../core/deps";
import { checkUpload } from "../media";
import { nowIso } from "../../lib/dates";
import { rooms } from "../../contract/rooms";
import { exportRows, upsertContactsBulk } from "./queries";
import { contactsCsv } from "./spreadsheet";
import { parseSheetOffThread } from "./spreadsheet-pool";

/**
 * POST /contacts/import: .xls/.xlsx only; upserts by number in one transaction and reports
 * `{ created, updated, unchanged, matched: [{ row, number, name, changes }], rejected: [{ row, reason }] }`
 * (matched: rows whose number was already a contact, and what they changed). Open lists get one
 * `contact` reload frame.
 */
export async function importContacts(ctx: Ctx, file: unknown): Promise<ContactImportReportDto> {
  const checked = checkUpload(ctx, file, "spreadsheet", "ERR_IMPORT_FILE_TYPE");
  const bytes = new Uint8Array(await checked.file.arrayBuffer());
  const { rows, rejected } = await parseSheetOffThread(bytes, checked.ext);
  const { created, updated, unchanged, matched } = await upsertContactsBulk(ctx.db, ctx.companyId, rows, nowIso());
  // A bulk import can change the table's shape enough to mislead SQLite's planner (bounded work); PostgreSQL's
  // autovacuum analyzes a table once a tenth of it changed.
  if (created > 1000 && ctx.db.engine === "sqlite") refreshStatistics(ctx.db);
  await audit(ctx, "contacts.imported", { type: "contacts" }, { created: [null, created], updated: [null, updated], rejected: [null, rejected.length] });
  if (created + updated) ctx.hub.publish(rooms.main(ctx.companyId), { channel: "contact", action: "reload" });
  return { created, updated, unchanged, matched, rejected };
}

/** GET /contacts/export: every contact of the company as CSV text, headers in the user's language. */
export async function exportContacts(ctx: Ctx, lang?: string) {
  const rows = await exportRows(ctx.db, ctx.companyId);
  await audit(ctx, "contacts.exported", { type: "contacts" }, { rows: [null, rows.length] });
  return contactsCsv(rows, lang);
}
