import { and, asc, eq, ne, or, sql } from "drizzle-orm";
import type { DB } from "../../core/db";
import { containsAny, pageOf } from "../../db/paging";
import { type QuickMessageRow, quickMessages } from "./schema";

export const findQuickMessage = async (db: DB, companyId: number, id: number) =>
  (
    await db
      .select()
      .from(quickMessages)
      .where(and(eq(quickMessages.companyId, companyId), eq(quickMessages.id, id)))
      .limit(1)
  )[0];

/** Own personal messages plus the company's geral ones. */
const visible = (companyId: number, userId: number) =>
  and(eq(quickMessages.companyId, companyId), or(eq(quickMessages.geral, true), eq(quickMessages.userId, userId)));

function searchWhere(companyId: number, userId: number, search: string) {
  if (!search) return visible(companyId, userId);
  return and(visible(companyId, userId), containsAny(search, quickMessages.shortcode, quickMessages.message));
}

/** A page of the messages a user sees, ordered by shortcode. */
export const pageQuickMessages = (db: DB, companyId: number, userId: number, search: string, page: number, size: number) =>
  pageOf(db, quickMessages, searchWhere(companyId, userId, search), [asc(quickMessages.shortcode), asc(quickMessages.id)], page, size);

/** Every message a user sees (the "/" picker of the message box), bounded. */
export const listVisible = async (db: DB, companyId: number, userId: number) =>
  await db.select().from(quickMessages).where(visible(companyId, userId)).orderBy(asc(quickMessages.shortcode), asc(quickMessages.id)).limit(2000);

/** A clash in the same scope: geral shortcodes are unique per company, personal ones per user. */
export async function shortcodeTaken(db: DB, companyId: number, userId: number | null, geral: boolean, shortcode: string, exceptId = 0) {
  const scope = geral
    ? eq(quickMessages.geral, true)
    : and(eq(quickMessages.geral, false), userId === null ? sql`${quickMessages.userId} is null` : eq(quickMessages.userId, userId));
  return !!(
    await db
      .select({ id: quickMessages.id })
      .from(quickMessages)
      .where(and(eq(quickMessages.companyId, companyId), eq(quickMessages.shortcode, shortcode), scope, ne(quickMessages.id, exceptId)))
      .limit(1)
  )[0];
}

export type { QuickMessageRow };
