import { and, count, desc, eq } from "drizzle-orm";
import type { DB, DbOrTx } from "../../core/db";
import { type TodoRow, todos } from "./schema";

/** The filter of every query here: the caller's own tasks, never another user's (even of the same company). */
const own = (companyId: number, userId: number) => and(eq(todos.companyId, companyId), eq(todos.userId, userId));

/** One of the user's tasks, or undefined (another user's id reads as missing). */
export const findTodo = (db: DB, companyId: number, userId: number, id: number) =>
  db
    .select()
    .from(todos)
    .where(and(own(companyId, userId), eq(todos.id, id)))
    .get();

/** How many tasks the user holds. */
export const countTodos = (db: DbOrTx, companyId: number, userId: number) => db.select({ n: count() }).from(todos).where(own(companyId, userId)).get()?.n ?? 0;

/** A page of the user's tasks, newest first. */
export const pageTodos = (db: DB, companyId: number, userId: number, page: number, size: number) =>
  db
    .select()
    .from(todos)
    .where(own(companyId, userId))
    .orderBy(desc(todos.id))
    .limit(size)
    .offset((page - 1) * size)
    .all();

/** The texts the user already holds (the import skips them, so running it twice adds nothing). */
export const todoTexts = (db: DbOrTx, companyId: number, userId: number) =>
  new Set(
    db
      .select({ text: todos.text })
      .from(todos)
      .where(own(companyId, userId))
      .all()
      .map((r) => r.text),
  );

export type { TodoRow };
