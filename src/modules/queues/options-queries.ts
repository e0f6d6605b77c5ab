import { and, asc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { DB } from "../../core/db";
import { rawAll } from "../../db/query";
import { type QueueOptionRow, queueOptions, queues } from "./schema";

/** An option whose queue belongs to the company (company scope goes through the queue). */
export const findOption = async (db: DB, companyId: number, id: number) =>
  (
    await db
      .select({ option: queueOptions })
      .from(queueOptions)
      .innerJoin(queues, eq(queues.id, queueOptions.queueId))
      .where(and(eq(queues.companyId, companyId), eq(queueOptions.id, id)))
      .limit(1)
  )[0]?.option;

/** Numeric-looking ordinals sort as numbers ("2" before "10"). */
const byOrdinal = [sql`length(${queueOptions.option})`, asc(queueOptions.option), asc(queueOptions.id)];

/**
 * Options of the company's queues; `parentId` null = root level, undefined = every level.
 */
export async function listOptions(db: DB, companyId: number, queueId?: number, parentId?: number | null): Promise<QueueOptionRow[]> {
  const conds: SQL[] = [eq(queues.companyId, companyId)];
  if (queueId !== undefined) conds.push(eq(queueOptions.queueId, queueId));
  if (parentId === null) conds.push(isNull(queueOptions.parentId));
  else if (parentId !== undefined) conds.push(eq(queueOptions.parentId, parentId));
  return (
    await db
      .select({ option: queueOptions })
      .from(queueOptions)
      .innerJoin(queues, eq(queues.id, queueOptions.queueId))
      .where(and(...conds))
      .orderBy(...byOrdinal)
      .limit(5000)
  ).map((r) => r.option);
}

/** Ids of the subtree rooted at `id` (itself included), with their media paths (the id typed as the column: PostgreSQL's recursive union asks it). */
export async function subtreeMedia(db: DB, id: number): Promise<string[]> {
  const rows = await rawAll<{ media_path: string | null }>(
    db,
    sql`with recursive sub(id) as (select cast(${id} as bigint) union all select o.id from queue_options o join sub on o.parent_id = sub.id)
    select media_path from queue_options where id in (select id from sub) and media_path is not null`,
  );
  return rows.map((r) => r.media_path as string);
}

/** Media paths of every option of a queue (deleted with it). */
export const optionMediaOfQueue = async (db: DB, queueId: number): Promise<string[]> =>
  (
    await db
      .select({ p: queueOptions.mediaPath })
      .from(queueOptions)
      .where(and(eq(queueOptions.queueId, queueId), sql`${queueOptions.mediaPath} is not null`))
  ).map((r) => r.p as string);

export type { QueueOptionRow };
