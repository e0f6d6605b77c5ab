import * as v from "valibot";
import { LIMITS } from "../limits";
import { MSG } from "./common";

/** A task's text: required, trimmed, at most LIMITS.todoTextMax characters. */
export const todoTextField = v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty(MSG.required), v.maxLength(LIMITS.todoTextMax, MSG.tooLong));

/** POST /todos. */
export const TodoCreateBody = v.object({ text: todoTextField, done: v.optional(v.boolean(MSG.invalid), false) });
export type TodoCreateInput = v.InferOutput<typeof TodoCreateBody>;

/** PUT /todos/{id}: text and/or done. */
export const TodoUpdateBody = v.object({ text: v.optional(todoTextField), done: v.optional(v.boolean(MSG.invalid)) });
export type TodoUpdateInput = v.InferOutput<typeof TodoUpdateBody>;

/**
 * POST /todos/import: the tasks an older version kept in the browser (local storage `tasks`), moved
 * to the server once. Texts longer than the bound are cut, as the browser list did.
 */
export const TodoImportBody = v.object({
  items: v.pipe(
    v.array(
      v.object({
        text: v.pipe(v.string(MSG.required), v.maxLength(LIMITS.todoTextMax * 4, MSG.tooLong)),
        done: v.optional(v.boolean(MSG.invalid), false),
        createdAt: v.optional(v.pipe(v.string(MSG.invalid), v.maxLength(40, MSG.tooLong))),
      }),
      MSG.invalid,
    ),
    v.maxLength(LIMITS.todosMax, MSG.tooLong),
  ),
});
export type TodoImportInput = v.InferOutput<typeof TodoImportBody>;
