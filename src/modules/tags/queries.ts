import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { DB } from "../../core/db";
import { containsAny, pageOf } from "../../db/paging";
import { type TagRow, tags, ticketTags } from "./schema";

export const findTag = async (db: DB, companyId: number, id: number) =>
  (
    await db
      .select()
      .from(tags)
      .where(and(eq(tags.companyId, companyId), eq(tags.id, id)))
      .limit(1)
  )[0];

/** Another tag of the company with this name (case-insensitive). */
export const tagWithName = async (db: DB, companyId: number, name: string, exceptId = 0) =>
  (
    await db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.companyId, companyId), sql`lower(${tags.name}) = ${name.toLowerCase()}`, ne(tags.id, exceptId)))
      .limit(1)
  )[0];

function searchWhere(companyId: number, search: string) {
  if (!search) return eq(tags.companyId, companyId);
  return and(eq(tags.companyId, companyId), containsAny(search, tags.name, tags.color));
}

/** A page of tags ordered by name, searching name and colour. */
export const pageTags = (db: DB, companyId: number, search: string, page: number, size: number) =>
  pageOf(db, tags, searchWhere(companyId, search), [asc(tags.name), asc(tags.id)], page, size);

/** Every tag of the company ordered by name (pickers); bounded. */
export const listCompanyTags = async (db: DB, companyId: number, search = "") =>
  await db.select().from(tags).where(searchWhere(companyId, search)).orderBy(asc(tags.name), asc(tags.id)).limit(1000);

/** Kanban lanes: kanban tags ordered by id (R-TAG-2). */
export const listKanbanTags = async (db: DB, companyId: number) =>
  await db
    .select()
    .from(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.kanban, 1)))
    .orderBy(asc(tags.id));

/**
 * Tickets per tag in one grouped query over ticket_tags (owned by the tickets module; the table has
 * no foreign key to tags, so tag deletion clears its links explicitly).
 */
export async function ticketsCountByTag(db: DB, tagIds: number[]): Promise<Map<number, number>> {
  const map = new Map<number, number>(tagIds.map((id) => [id, 0]));
  if (!tagIds.length) return map;
  const rows = await db.select({ tagId: ticketTags.tagId, n: count() }).from(ticketTags).where(inArray(ticketTags.tagId, tagIds)).groupBy(ticketTags.tagId);
  for (const r of rows) map.set(r.tagId, r.n);
  return map;
}

/** Removes the ticket links of a tag (inside the caller's transaction). */
export const clearTagLinks = async (db: DB, tagId: number) => await db.delete(ticketTags).where(eq(ticketTags.tagId, tagId));

export type { TagRow };
