import { and, count, desc, eq } from "drizzle-orm";
import type { DB, DbOrTx } from "../../core/db";
import { type TodoRow, todos } from "./schema";

/** The filter of every query here: the caller's own tasks, never another user's (even of the same company). */
const own = (companyId: number, userId: number) => and(eq(todos.companyId, companyId), eq(todos.userId, userId));

/** One of the user's tasks, or undefined (another user's id reads as missing). */
export const findTodo = async (db: DB, companyId: number, userId: number, id: number) =>
  (
    await db
      .select()
      .from(todos)
      .where(and(own(companyId, userId), eq(todos.id, id)))
      .limit(1)
  )[0];

/** How many tasks the user holds. */
export const countTodos = async (db: DbOrTx, companyId: number, userId: number) =>
  (await db.select({ n: count() }).from(todos).where(own(companyId, userId)).limit(1))[0]?.n ?? 0;

/** A page of the user's tasks, newest first. */
export const pageTodos = async (db: DB, companyId: number, userId: number, page: number, size: number) =>
  await db
    .select()
    .from(todos)
    .where(own(companyId, userId))
    .orderBy(desc(todos.id))
    .limit(size)
    .offset((page - 1) * size);

/** The texts the user already holds (the import skips them, so running it twice adds nothing). */
export const todoTexts = async (db: DbOrTx, companyId: number, userId: number) =>
  new Set((await db.select({ text: todos.text }).from(todos).where(own(companyId, userId))).map((r) => r.text));

export type { TodoRow };
