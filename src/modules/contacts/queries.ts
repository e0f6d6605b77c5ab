import { idle, rawAll } from "../../db/query";
import { sql, and, asc, eq, inArray, like } from "drizzle-orm";
import type { DB, DbOrTx } from "../../core/db";
import { canPrepare, prepared } from "../../db/prepared";
import { containsAny, pageOf } from "../../db/paging";
import { type ContactCustomFieldRow, type ContactRow, contactCustomFields, contacts } from "./schema";

export const findContact = (db: DB, companyId: number, id: number) =>
  prepared(db, "contacts.byId", (d) =>
    d
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, sql.placeholder("companyId")), eq(contacts.id, sql.placeholder("id"))))
      .prepare(),
  ).get({ companyId, id });

/** A contact by its number (prepared when called with the database itself: the inbound path). */
export const findContactByNumber = async (db: DbOrTx, companyId: number, number: string) =>
  canPrepare(db)
    ? await prepared(db, "contacts.byNumber", (d) =>
        d
          .select()
          .from(contacts)
          .where(and(eq(contacts.companyId, sql.placeholder("companyId")), eq(contacts.number, sql.placeholder("number"))))
          .prepare(),
      ).get({ companyId, number })
    : (
        await db
          .select()
          .from(contacts)
          .where(and(eq(contacts.companyId, companyId), eq(contacts.number, number)))
          .limit(1)
      )[0];

export const findContactByLid = async (db: DbOrTx, companyId: number, lid: string) =>
  (
    await db
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, companyId), eq(contacts.lid, lid)))
      .limit(1)
  )[0];

export const findContactByUuid = async (db: DbOrTx, companyId: number, uuid: string) =>
  (
    await db
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, companyId), eq(contacts.uuid, uuid)))
      .limit(1)
  )[0];

/**
 * A query with letters looks for names and e-mails (never stray digits of numbers: "ana2" is not
 * every number with a 2); a query of digits (with +, spaces, dashes or brackets) looks for numbers.
 */
function searchWhere(companyId: number, search: string) {
  const company = eq(contacts.companyId, companyId);
  if (!search) return company;
  if (/\p{L}/u.test(search)) return and(company, containsAny(search, contacts.name, contacts.email));
  const digits = search.replace(/\D+/g, "");
  if (digits && /^[\d\s+().-]+$/.test(search)) return and(company, like(contacts.number, `%${digits}%`));
  return and(company, containsAny(search, contacts.name));
}

/** A page of contacts ordered by name, searching name (case-insensitive) and number. */
export const pageContacts = (db: DbOrTx, companyId: number, search: string, page: number, size: number) =>
  pageOf(db, contacts, searchWhere(companyId, search), [asc(contacts.sortName), asc(contacts.id)], page, size);

/** Extra-info fields of many contacts in one query. */
export async function fieldsOfContacts(db: DbOrTx, ids: number[]): Promise<Map<number, ContactCustomFieldRow[]>> {
  const map = new Map<number, ContactCustomFieldRow[]>();
  if (!ids.length) return map;
  const rows = await db.select().from(contactCustomFields).where(inArray(contactCustomFields.contactId, ids)).orderBy(contactCustomFields.id);
  for (const r of rows) {
    const list = map.get(r.contactId) ?? [];
    list.push(r);
    map.set(r.contactId, list);
  }
  return map;
}

/** Replaces a contact's extra-info fields (inside the caller's transaction). */
export async function setContactFields(db: DbOrTx, contactId: number, fields: { name: string; value: string }[]) {
  await db.delete(contactCustomFields).where(eq(contactCustomFields.contactId, contactId));
  if (fields.length) {
    await db.insert(contactCustomFields).values(fields.map((f) => ({ contactId, name: f.name, value: f.value })));
  }
}

/** Every contact of a company for the export, ordered by name (name, number, email only). */
export const exportRows = async (db: DbOrTx, companyId: number) =>
  await db
    .select({ name: contacts.name, number: contacts.number, email: contacts.email })
    .from(contacts)
    .where(eq(contacts.companyId, companyId))
    .orderBy(asc(contacts.name), asc(contacts.id));

export interface ImportRow {
  /** The row's number in the sheet (the header is row 1). */
  row: number;
  name: string;
  number: string;
  email: string;
}

/** A sheet row whose number is already a contact: what it changed (from → to), or nothing. */
export interface ImportMatch {
  row: number;
  number: string;
  name: string;
  changes: { name?: [string, string]; email?: [string, string] };
}

/** At most this many matched rows are listed in the report (the counts cover them all). */
export const IMPORT_MATCH_REPORT_MAX = 500;

/** What a sheet row changes of a stored contact: a name or e-mail given and different (an empty cell clears nothing). */
function rowChanges(hit: { name: string; email: string }, r: { name: string; email: string }): ImportMatch["changes"] {
  const changes: ImportMatch["changes"] = {};
  if (r.name && r.name !== hit.name) changes.name = [hit.name, r.name];
  if (r.email && r.email !== hit.email) changes.email = [hit.email, r.email];
  return changes;
}
/**
 * Upserts many contacts by number in one transaction with prepared statements (the import path).
 * A new contact gets a uuid (and its number as name when the row has none); an existing one is
 * never renamed silently: a row with a name or e-mail that differs updates it and the report says
 * from what to what; a row without a name keeps the contact's name; an unchanged row is listed too.
 */
export async function upsertContactsBulk(db: DB, companyId: number, rows: ImportRow[], now: string) {
  if (db.engine === "pg") return upsertContactsBulkPg(db, companyId, rows, now);
  // One synchronous transaction of its own, once no other is open (it would join it: bun:sqlite nests it as a savepoint).
  await idle(db);
  const sqlite = db.sqlite;
  const find = sqlite.prepare("SELECT id, name, email FROM contacts WHERE company_id = ? AND number = ?");
  const insert = sqlite.prepare("INSERT INTO contacts (company_id, name, number, email, uuid, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)");
  const update = sqlite.prepare("UPDATE contacts SET name = ?, email = ?, updated_at = ? WHERE id = ?");
  let created = 0;
  let updated = 0;
  let unchanged = 0;
  const matched: ImportMatch[] = [];
  sqlite.transaction(() => {
    for (const r of rows) {
      const hit = find.get(companyId, r.number) as { id: number; name: string; email: string } | null;
      if (!hit) {
        insert.run(companyId, r.name || r.number, r.number, r.email, crypto.randomUUID(), now, now);
        created++;
        continue;
      }
      const changes = rowChanges(hit, r);
      if (changes.name || changes.email) {
        update.run(changes.name?.[1] ?? hit.name, changes.email?.[1] ?? hit.email, now, hit.id);
        updated++;
      } else unchanged++;
      if (matched.length < IMPORT_MATCH_REPORT_MAX) matched.push({ row: r.row, number: r.number, name: hit.name, changes });
    }
  })();
  return { created, updated, unchanged, matched };
}

/** Rows per statement of PostgreSQL's import (a read of 1,000 numbers, then one write). */
const IMPORT_CHUNK = 1000;

/**
 * upsertContactsBulk on PostgreSQL, where a statement is a round trip: per chunk of the sheet, one read of
 * the numbers already there and one multi-row INSERT … ON CONFLICT (company, number) for what it creates or
 * changes, in one transaction. Same answers as SQLite's row-by-row form, a number repeated in the sheet included.
 */
async function upsertContactsBulkPg(db: DB, companyId: number, rows: ImportRow[], now: string) {
  let created = 0;
  let updated = 0;
  let unchanged = 0;
  const matched: ImportMatch[] = [];
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += IMPORT_CHUNK) {
      const chunk = rows.slice(i, i + IMPORT_CHUNK);
      // Each number's contact as it stands, then as this chunk leaves it (earlier chunks are already written).
      const state = new Map<string, { name: string; email: string }>();
      const numbers = [...new Set(chunk.map((r) => r.number))];
      const found = await tx
        .select({ number: contacts.number, name: contacts.name, email: contacts.email })
        .from(contacts)
        .where(and(eq(contacts.companyId, companyId), inArray(contacts.number, numbers)));
      for (const c of found) state.set(c.number, { name: c.name, email: c.email });
      const writes = new Map<string, { name: string; email: string }>();
      for (const r of chunk) {
        const hit = state.get(r.number);
        if (!hit) {
          const v = { name: r.name || r.number, email: r.email };
          state.set(r.number, v);
          writes.set(r.number, v);
          created++;
          continue;
        }
        const changes = rowChanges(hit, r);
        if (changes.name || changes.email) {
          const v = { name: changes.name?.[1] ?? hit.name, email: changes.email?.[1] ?? hit.email };
          state.set(r.number, v);
          writes.set(r.number, v);
          updated++;
        } else unchanged++;
        if (matched.length < IMPORT_MATCH_REPORT_MAX) matched.push({ row: r.row, number: r.number, name: hit.name, changes });
      }
      if (!writes.size) continue;
      // The chunk as one JSON parameter (json_to_recordset): half the time of a VALUES list of 7,000 parameters.
      const json = JSON.stringify([...writes].map(([number, v]) => ({ number, name: v.name, email: v.email, uuid: crypto.randomUUID() })));
      await rawAll(
        tx,
        sql`insert into contacts (company_id, number, name, email, uuid, created_at, updated_at)
          select cast(${companyId} as bigint), r.number, r.name, r.email, r.uuid, cast(${now} as text), cast(${now} as text)
          from json_to_recordset(${json}::json) as r(number text, name text, email text, uuid text)
          on conflict (company_id, number) do update set name = excluded.name, email = excluded.email, updated_at = excluded.updated_at`,
      );
    }
  });
  return { created, updated, unchanged, matched };
}

export type { ContactRow };

/** The company's contacts with these numbers (one statement: an inbound group commit's customers). */
export const findContactsByNumbers = async (db: DbOrTx, companyId: number, numbers: string[]) =>
  numbers.length
    ? await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.companyId, companyId), inArray(contacts.number, numbers)))
    : [];
