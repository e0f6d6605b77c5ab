import { and, asc, count, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../core/db";
import { containsAny, pageOf } from "../../db/paging";
import { type ContactListItemRow, type ContactListRow, contactListItems, contactLists } from "./schema";

export const findContactList = async (db: DbOrTx, companyId: number, id: number) =>
  (
    await db
      .select()
      .from(contactLists)
      .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id)))
      .limit(1)
  )[0];

/** A page of lists ordered by name, searching the name. */
export const pageContactLists = (db: DbOrTx, companyId: number, search: string, page: number, size: number) =>
  pageOf(
    db,
    contactLists,
    search ? and(eq(contactLists.companyId, companyId), containsAny(search, contactLists.name)) : eq(contactLists.companyId, companyId),
    [asc(contactLists.name), asc(contactLists.id)],
    page,
    size,
  );

/** Every list of the company (the campaign dialog's picker), bounded. */
export const allContactLists = async (db: DbOrTx, companyId: number) =>
  await db.select().from(contactLists).where(eq(contactLists.companyId, companyId)).orderBy(asc(contactLists.name)).limit(1000);

/** Items per list in one grouped query. */
export async function itemCounts(db: DbOrTx, listIds: number[]): Promise<Map<number, number>> {
  const map = new Map<number, number>(listIds.map((id) => [id, 0]));
  if (!listIds.length) return map;
  const rows = await db
    .select({ id: contactListItems.contactListId, n: count() })
    .from(contactListItems)
    .where(inArray(contactListItems.contactListId, listIds))
    .groupBy(contactListItems.contactListId);
  for (const r of rows) map.set(r.id, r.n);
  return map;
}

export const findItem = async (db: DbOrTx, companyId: number, id: number) =>
  (
    await db
      .select()
      .from(contactListItems)
      .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, id)))
      .limit(1)
  )[0];

/** Another item of the list with this number. */
export const itemWithNumber = async (db: DbOrTx, listId: number, number: string, exceptId = 0) =>
  (
    await db
      .select({ id: contactListItems.id })
      .from(contactListItems)
      .where(and(eq(contactListItems.contactListId, listId), eq(contactListItems.number, number), ne(contactListItems.id, exceptId)))
      .limit(1)
  )[0];

/** A page of a list's items ordered by name, searching name, number and email. */
export const pageItems = (db: DbOrTx, listId: number, search: string, page: number, size: number) =>
  pageOf(
    db,
    contactListItems,
    search
      ? and(eq(contactListItems.contactListId, listId), containsAny(search, contactListItems.name, contactListItems.number, contactListItems.email))
      : eq(contactListItems.contactListId, listId),
    [asc(contactListItems.name), asc(contactListItems.id)],
    page,
    size,
  );

/** The items a campaign targets: every item not known to be off WhatsApp, in list order. */
export const targetItems = async (db: DbOrTx, companyId: number, listId: number): Promise<ContactListItemRow[]> =>
  await db
    .select()
    .from(contactListItems)
    .where(
      and(eq(contactListItems.companyId, companyId), eq(contactListItems.contactListId, listId), sql`coalesce(${contactListItems.isWhatsappValid}, 1) = 1`),
    )
    .orderBy(asc(contactListItems.id));

/** Companies with numbers not checked on WhatsApp yet (the validity job). */
export const companiesWithUnchecked = async (db: DbOrTx) =>
  (await db.selectDistinct({ companyId: contactListItems.companyId }).from(contactListItems).where(isNull(contactListItems.checkedAt)).limit(1000)).map(
    (r) => r.companyId,
  );

/** A company's numbers not checked on WhatsApp yet, oldest first. */
export const uncheckedItems = async (db: DbOrTx, companyId: number, limit: number) =>
  await db
    .select()
    .from(contactListItems)
    .where(and(eq(contactListItems.companyId, companyId), isNull(contactListItems.checkedAt)))
    .orderBy(asc(contactListItems.id))
    .limit(limit);

/** Numbers already in a list (import: created vs updated). */
export async function numbersInList(db: DbOrTx, listId: number, numbers: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < numbers.length; i += 500) {
    const part = numbers.slice(i, i + 500);
    for (const r of await db
      .select({ n: contactListItems.number })
      .from(contactListItems)
      .where(and(eq(contactListItems.contactListId, listId), inArray(contactListItems.number, part))))
      found.add(r.n);
  }
  return found;
}

export type { ContactListItemRow, ContactListRow };
