import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../core/db";
import { containsAny, pageOf } from "../../db/paging";
import { whatsapps } from "../connections";
import { queues } from "../queues";
import { type PromptRow, prompts } from "./schema";

export const findPrompt = async (db: DbOrTx, companyId: number, id: number) =>
  (
    await db
      .select()
      .from(prompts)
      .where(and(eq(prompts.companyId, companyId), eq(prompts.id, id)))
      .limit(1)
  )[0];

/** A page of a company's prompts by name. */
export function pagePrompts(db: DbOrTx, companyId: number, search: string, page: number, size: number) {
  const mine = eq(prompts.companyId, companyId);
  return pageOf(db, prompts, search ? and(mine, containsAny(search, prompts.name)) : mine, [asc(prompts.name), asc(prompts.id)], page, size);
}

/** id → {id, name, color} of the queues named by prompts. */
export async function queuesById(db: DbOrTx, ids: (number | null)[]) {
  const list = [...new Set(ids.filter((x): x is number => x !== null))];
  if (!list.length) return new Map<number, { id: number; name: string; color: string }>();
  const rows = await db.select({ id: queues.id, name: queues.name, color: queues.color }).from(queues).where(inArray(queues.id, list));
  return new Map(rows.map((r) => [r.id, r]));
}

export const promptNameTaken = async (db: DbOrTx, companyId: number, name: string, exceptId = 0) =>
  !!(
    await db
      .select({ id: prompts.id })
      .from(prompts)
      .where(and(eq(prompts.companyId, companyId), sql`lower(${prompts.name}) = lower(${name})`, ne(prompts.id, exceptId)))
      .limit(1)
  )[0];

/** Whether a queue or a connection of the company answers with the prompt. */
export const promptInUse = async (db: DbOrTx, companyId: number, id: number) =>
  !!(
    await db
      .select({ id: queues.id })
      .from(queues)
      .where(and(eq(queues.companyId, companyId), eq(queues.promptId, id)))
      .limit(1)
  )[0] ||
  !!(
    await db
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.promptId, id)))
      .limit(1)
  )[0];

export type { PromptRow };
