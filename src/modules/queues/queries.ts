import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { DB, DbOrTx } from "../../core/db";
import { prepared } from "../../db/prepared";
import { type QueueRow, queues } from "./schema";

/**
 * The order of queues everywhere (the chatbot menu, pickers, lists): the admin's order field, queues
 * without one after those that have it, then creation order (issue 29: never the name, or "Suporte"
 * becomes [1] ahead of "Vendas" created first).
 */
export const queueMenuOrder = () => [sql`${queues.orderQueue} is null`, asc(queues.orderQueue), asc(queues.id)];

export const findQueue = (db: DB, companyId: number, id: number) =>
  prepared(db, "queues.byId", (d) =>
    d
      .select()
      .from(queues)
      .where(and(eq(queues.companyId, sql.placeholder("companyId")), eq(queues.id, sql.placeholder("id"))))
      .prepare(),
  ).get({ companyId, id });

/** A company's queues in menu order. */
export const listCompanyQueues = async (db: DbOrTx, companyId: number) =>
  await db
    .select()
    .from(queues)
    .where(eq(queues.companyId, companyId))
    .orderBy(...queueMenuOrder());

/** Queues of the company among the given ids, in menu order. */
export async function queuesByIds(db: DB, companyId: number, ids: number[]): Promise<QueueRow[]> {
  if (!ids.length) return [];
  return await db
    .select()
    .from(queues)
    .where(and(eq(queues.companyId, companyId), inArray(queues.id, ids)))
    .orderBy(...queueMenuOrder());
}

export const countQueues = async (db: DbOrTx, companyId: number) =>
  (await db.select({ n: count() }).from(queues).where(eq(queues.companyId, companyId)).limit(1))[0]?.n ?? 0;

/** Another queue of the company with this name (case-insensitive). */
export const queueWithName = async (db: DB, companyId: number, name: string, exceptId = 0) =>
  (
    await db
      .select({ id: queues.id })
      .from(queues)
      .where(and(eq(queues.companyId, companyId), sql`lower(${queues.name}) = ${name.toLowerCase()}`, ne(queues.id, exceptId)))
      .limit(1)
  )[0];

/** Another queue of the company with this colour (case-insensitive). */
export const queueWithColor = async (db: DB, companyId: number, color: string, exceptId = 0) =>
  (
    await db
      .select({ id: queues.id })
      .from(queues)
      .where(and(eq(queues.companyId, companyId), sql`lower(${queues.color}) = ${color.toLowerCase()}`, ne(queues.id, exceptId)))
      .limit(1)
  )[0];

export type { QueueRow };
