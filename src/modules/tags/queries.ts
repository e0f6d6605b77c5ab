import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import { ticketTags } from "../tickets/schema";
import { type TagRow, tags } from "./schema";

export const findTag = (db: DB, companyId: number, id: number) =>
  db
    .select()
    .from(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.id, id)))
    .get();

/** Another tag of the company with this name (case-insensitive). */
export const tagWithName = (db: DB, companyId: number, name: string, exceptId = 0) =>
  db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.companyId, companyId), sql`lower(${tags.name}) = ${name.toLowerCase()}`, ne(tags.id, exceptId)))
    .get();

function searchWhere(companyId: number, search: string) {
  if (!search) return eq(tags.companyId, companyId);
  const term = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return and(eq(tags.companyId, companyId), sql`(lower(${tags.name}) like ${term} escape '\\' or lower(${tags.color}) like ${term} escape '\\')`);
}

/** A page of tags ordered by name, searching name and colour. */
export function pageTags(db: DB, companyId: number, search: string, page: number, size: number) {
  const where = searchWhere(companyId, search);
  const total = db.select({ n: count() }).from(tags).where(where).get()?.n ?? 0;
  const rows = db
    .select()
    .from(tags)
    .where(where)
    .orderBy(asc(tags.name), asc(tags.id))
    .limit(size)
    .offset((page - 1) * size)
    .all();
  return { rows, total };
}

/** Every tag of the company ordered by name (pickers); bounded. */
export const listCompanyTags = (db: DB, companyId: number, search = "") =>
  db.select().from(tags).where(searchWhere(companyId, search)).orderBy(asc(tags.name), asc(tags.id)).limit(1000).all();

/** Kanban lanes: kanban tags ordered by id (BEHAVIOUR.md §4.8). */
export const listKanbanTags = (db: DB, companyId: number) =>
  db
    .select()
    .from(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.kanban, 1)))
    .orderBy(asc(tags.id))
    .all();

/**
 * Tickets per tag in one grouped query over ticket_tags (owned by the tickets module; the table has
 * no foreign key to tags, so tag deletion clears its links explicitly).
 */
export function ticketsCountByTag(db: DB, tagIds: number[]): Map<number, number> {
  const map = new Map<number, number>(tagIds.map((id) => [id, 0]));
  if (!tagIds.length) return map;
  const rows = db
    .select({ tagId: ticketTags.tagId, n: count() })
    .from(ticketTags)
    .where(inArray(ticketTags.tagId, tagIds))
    .groupBy(ticketTags.tagId)
    .all();
  for (const r of rows) map.set(r.tagId, r.n);
  return map;
}

/** Removes the ticket links of a tag (inside the caller's transaction). */
export const clearTagLinks = (db: DB, tagId: number) => db.delete(ticketTags).where(eq(ticketTags.tagId, tagId)).run();

export type { TagRow };
