import { Elysia } from "elysia";
import { PageQuery } from "../../contract/schemas/common";
import { TodoCreateBody, TodoImportBody, TodoUpdateBody } from "../../contract/schemas/todos";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { createTodo, deleteTodo, importTodos, listTodos, updateTodo } from "../../modules/todos";
import { created, deleted, updated } from "./kit";

/** /todos: the signed-in user's own to-do list (every profile; the owner always comes from the token). */
export const todosRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/todos", ({ ctx, query }) => listTodos(ctx, parse(PageQuery, query).pageNumber))
    .post("/todos", created(TodoCreateBody, createTodo))
    .post("/todos/import", ({ ctx, body }) => importTodos(ctx, parse(TodoImportBody, body)))
    .put("/todos/:id", updated(TodoUpdateBody, updateTodo))
    .delete("/todos/:id", deleted(deleteTodo, "Todo deleted"));
