import { and, eq } from "drizzle-orm";
import type { Page } from "../../contract/dto/common";
import type { TodoDto } from "../../contract/dto/todos";
import type { FramePayload } from "../../contract/frames";
import { LIMITS } from "../../contract/limits";
import type { TodoCreateInput, TodoImportInput, TodoUpdateInput } from "../../contract/schemas/todos";
import type { DbOrTx } from "../../core/db";
import type { Ctx } from "../../core/deps";
import { AppError, notFound } from "../../core/errors";
import { nowIso } from "../../lib/dates";
import { rooms } from "../../contract/rooms";
import { countTodos, findTodo, pageTodos, type TodoRow, todoTexts } from "./queries";
import { todos } from "./schema";

const PAGE = LIMITS.todosPageSize;

/** The public shape of a task. */
export function serializeTodo(t: TodoRow): TodoDto {
  return { id: t.id, text: t.text, done: t.done, createdAt: t.createdAt, updatedAt: t.updatedAt };
}

/** Tasks are private: their frames go only to their owner's sockets (other tabs and devices). */
function publish(ctx: Ctx, frame: FramePayload<"todo">) {
  ctx.hub.publish(rooms.user(ctx.user.id), { channel: "todo", ...frame });
}

async function getOwn(ctx: Ctx, id: number): Promise<TodoRow> {
  const t = await findTodo(ctx.db, ctx.companyId, ctx.user.id, id);
  if (!t) throw notFound("ERR_NO_TODO_FOUND");
  return t;
}

const full = () => new AppError("ERR_TODO_LIST_FULL", 409, { limit: LIMITS.todosMax });

/** GET /todos: a page of the caller's tasks, newest first. */
export async function listTodos(ctx: Ctx, page: number): Promise<Page<"todos", TodoDto>> {
  const total = await countTodos(ctx.db, ctx.companyId, ctx.user.id);
  const rows = await pageTodos(ctx.db, ctx.companyId, ctx.user.id, page, PAGE);
  return { todos: rows.map(serializeTodo), count: total, hasMore: total > page * PAGE };
}

/** POST /todos: a task of the caller; the count check and the insert are one transaction (two parallel adds cannot pass the bound). */
export async function createTodo(ctx: Ctx, input: TodoCreateInput): Promise<TodoDto> {
  const now = nowIso();
  const row = await ctx.db.transaction(async (tx) => {
    if ((await countTodos(tx, ctx.companyId, ctx.user.id)) >= LIMITS.todosMax) throw full();
    return (
      await tx
        .insert(todos)
        .values({ companyId: ctx.companyId, userId: ctx.user.id, text: input.text, done: input.done, createdAt: now, updatedAt: now })
        .returning()
    )[0];
  });
  const todo = serializeTodo(row);
  publish(ctx, { action: "create", todo });
  return todo;
}

/** PUT /todos/{id}: the caller's own task only (another user's id is 404). */
export async function updateTodo(ctx: Ctx, id: number, input: TodoUpdateInput): Promise<TodoDto> {
  await getOwn(ctx, id);
  const patch: Partial<TodoRow> = {
    updatedAt: nowIso(),
    ...(input.text !== undefined && { text: input.text }),
    ...(input.done !== undefined && { done: input.done }),
  };
  const row = (
    await ctx.db
      .update(todos)
      .set(patch)
      .where(and(eq(todos.id, id), eq(todos.userId, ctx.user.id)))
      .returning()
  )[0];
  if (!row) throw notFound("ERR_NO_TODO_FOUND");
  const todo = serializeTodo(row);
  publish(ctx, { action: "update", todo });
  return todo;
}

/** DELETE /todos/{id}. */
export async function deleteTodo(ctx: Ctx, id: number) {
  await getOwn(ctx, id);
  await ctx.db.delete(todos).where(and(eq(todos.id, id), eq(todos.userId, ctx.user.id)));
  publish(ctx, { action: "delete", id });
}

async function insertImported(tx: DbOrTx, ctx: Ctx, input: TodoImportInput): Promise<number> {
  const have = await todoTexts(tx, ctx.companyId, ctx.user.id);
  let room = LIMITS.todosMax - have.size;
  let added = 0;
  const now = nowIso();
  // The browser kept its list newest first; inserting oldest first keeps that order by id.
  for (const item of [...input.items].reverse()) {
    const text = item.text.trim().slice(0, LIMITS.todoTextMax);
    if (!text || have.has(text) || room <= 0) continue;
    const created = item.createdAt && !Number.isNaN(Date.parse(item.createdAt)) ? new Date(item.createdAt).toISOString() : now;
    await tx.insert(todos).values({ companyId: ctx.companyId, userId: ctx.user.id, text, done: item.done, createdAt: created, updatedAt: now });
    have.add(text);
    room--;
    added++;
  }
  return added;
}

/**
 * POST /todos/import: the one-time move of the tasks an older version kept in the browser. Texts the
 * user already holds are skipped (two tabs importing at once add each task once); past the bound the
 * rest is dropped and counted.
 */
export async function importTodos(ctx: Ctx, input: TodoImportInput) {
  const added = await ctx.db.transaction((tx) => insertImported(tx, ctx, input));
  if (added) publish(ctx, { action: "reload" });
  return { added, skipped: input.items.length - added };
}
