/**
 * The tags on tickets (`ticket_tags`, this module's table): what other modules read of them (a
 * ticket's tags, tickets carrying tags) and the only writes of a ticket's tags.
 */
import { and, eq, inArray, type SQLWrapper, sql } from "drizzle-orm";
import type { DbOrTx, Engine } from "../../core/db";
import { tags, ticketTags } from "./schema";

/** A tag as a ticket shows it. */
export interface TicketTag {
  id: number;
  name: string;
  color: string;
  kanban: number;
}

/** Tags of many tickets in one query (no N+1), by name. */
export async function tagsOfTickets(db: DbOrTx, ticketIds: number[]) {
  const map = new Map<number, TicketTag[]>();
  if (!ticketIds.length) return map;
  const rows = await db
    .select({ ticketId: ticketTags.ticketId, id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban })
    .from(ticketTags)
    .innerJoin(tags, eq(tags.id, ticketTags.tagId))
    .where(inArray(ticketTags.ticketId, ticketIds))
    .orderBy(tags.name);
  for (const r of rows) {
    const list = map.get(r.ticketId) ?? [];
    list.push({ id: r.id, name: r.name, color: r.color, kanban: r.kanban });
    map.set(r.ticketId, list);
  }
  return map;
}

/**
 * The tags of one ticket as a JSON array (text), computed inside the ticket's own query (`ticketId`: its id
 * column), in each engine's JSON functions.
 */
export const tagsJsonOf = (ticketId: SQLWrapper, engine: Engine) => {
  const rows = sql`select t2.id, t2.name, t2.color, t2.kanban from ${ticketTags} tt join ${tags} t2 on t2.id = tt.tag_id where tt.ticket_id = ${ticketId}`;
  return engine === "pg"
    ? sql<string>`(select coalesce(json_agg(json_build_object('id', tg.id, 'name', tg.name, 'color', tg.color, 'kanban', tg.kanban) order by tg.name)::text, '[]') from (${rows}) tg)`
    : sql<string>`(select coalesce(json_group_array(json_object('id', tg.id, 'name', tg.name, 'color', tg.color, 'kanban', tg.kanban)), '[]') from (${rows} order by t2.name) tg)`;
};

/** Ids of the tickets carrying every one of the tags, as plain SQL both engines run (a subquery). */
export const ticketsWithEveryTag = (tagIds: number[]) =>
  sql`select ${ticketTags.ticketId} from ${ticketTags} where ${inArray(ticketTags.tagId, tagIds)} group by ${ticketTags.ticketId} having count(*) = ${new Set(tagIds).size}`;

/** Ids of the tickets carrying a tag (a subquery). */
export const ticketsWithTag = (db: DbOrTx, tagId: number) => db.select({ id: ticketTags.ticketId }).from(ticketTags).where(eq(ticketTags.tagId, tagId));

/** The subset of ids that are tags of the company. */
export async function companyTagIds(db: DbOrTx, companyId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  return (
    await db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.companyId, companyId), inArray(tags.id, ids)))
  ).map((r) => r.id);
}

/** The company's kanban tags (the lanes). */
export const kanbanTagIds = async (db: DbOrTx, companyId: number) =>
  (
    await db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.companyId, companyId), eq(tags.kanban, 1)))
  ).map((r) => r.id);

/** Replaces every tag of a ticket (inside the caller's transaction). */
export async function replaceTicketTags(tx: DbOrTx, ticketId: number, tagIds: number[]) {
  await tx.delete(ticketTags).where(eq(ticketTags.ticketId, ticketId));
  if (tagIds.length) await tx.insert(ticketTags).values(tagIds.map((tagId) => ({ ticketId, tagId })));
}

/** Puts a tag on a ticket (nothing when it is there already). */
export const linkTicketTag = async (db: DbOrTx, ticketId: number, tagId: number) =>
  await db.insert(ticketTags).values({ ticketId, tagId }).onConflictDoNothing();

/** Takes some tags off a ticket. */
export async function unlinkTicketTags(db: DbOrTx, ticketId: number, tagIds: number[]) {
  if (tagIds.length) await db.delete(ticketTags).where(and(eq(ticketTags.ticketId, ticketId), inArray(ticketTags.tagId, tagIds)));
}
