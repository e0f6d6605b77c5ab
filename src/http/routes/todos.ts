import { Elysia } from "elysia";
import { IdParam, PageQuery } from "../../contract/schemas/common";
import { TodoCreateBody, TodoImportBody, TodoUpdateBody } from "../../contract/schemas/todos";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { createTodo, deleteTodo, importTodos, listTodos, updateTodo } from "../../modules/todos";

/** /todos: the signed-in user's own to-do list (every profile; the owner always comes from the token). */
export const todosRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/todos", ({ ctx, query }) => listTodos(ctx, parse(PageQuery, query).pageNumber))
    .post("/todos", ({ ctx, body, set }) => {
      const todo = createTodo(ctx, parse(TodoCreateBody, body));
      set.status = 201;
      return todo;
    })
    .post("/todos/import", ({ ctx, body }) => importTodos(ctx, parse(TodoImportBody, body)))
    .put("/todos/:id", ({ ctx, params, body }) => updateTodo(ctx, parse(IdParam, params).id, parse(TodoUpdateBody, body)))
    .delete("/todos/:id", ({ ctx, params }) => {
      deleteTodo(ctx, parse(IdParam, params).id);
      return { message: "Todo deleted" };
    });
