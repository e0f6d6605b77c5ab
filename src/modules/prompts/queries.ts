import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../core/db";
import { containsAny, pageOf } from "../../db/paging";
import { whatsapps } from "../connections";
import { queues } from "../queues";
import { type PromptRow, prompts } from "./schema";

export const findPrompt = (db: DbOrTx, companyId: number, id: number) =>
  db
    .select()
    .from(prompts)
    .where(and(eq(prompts.companyId, companyId), eq(prompts.id, id)))
    .get();

/** A page of a company's prompts by name. */
export function pagePrompts(db: DbOrTx, companyId: number, search: string, page: number, size: number) {
  const mine = eq(prompts.companyId, companyId);
  return pageOf(db, prompts, search ? and(mine, containsAny(search, prompts.name)) : mine, [asc(prompts.name), asc(prompts.id)], page, size);
}

/** id → {id, name, color} of the queues named by prompts. */
export function queuesById(db: DbOrTx, ids: (number | null)[]) {
  const list = [...new Set(ids.filter((x): x is number => x !== null))];
  if (!list.length) return new Map<number, { id: number; name: string; color: string }>();
  const rows = db.select({ id: queues.id, name: queues.name, color: queues.color }).from(queues).where(inArray(queues.id, list)).all();
  return new Map(rows.map((r) => [r.id, r]));
}

export const promptNameTaken = (db: DbOrTx, companyId: number, name: string, exceptId = 0) =>
  !!db
    .select({ id: prompts.id })
    .from(prompts)
    .where(and(eq(prompts.companyId, companyId), sql`lower(${prompts.name}) = lower(${name})`, ne(prompts.id, exceptId)))
    .get();

/** Whether a queue or a connection of the company answers with the prompt. */
export const promptInUse = (db: DbOrTx, companyId: number, id: number) =>
  !!db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.promptId, id)))
    .get() ||
  !!db
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.promptId, id)))
    .get();

export type { PromptRow };
