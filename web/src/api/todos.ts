import type { Page } from "@contract/dto/common";
import type { TodoDto } from "@contract/dto/todos";
import { api } from "./client";

export type Todo = TodoDto;

/** GET /todos: a page of the signed-in user's tasks, newest first. */
export const listTodos = (pageNumber: number) => api<Page<"todos", Todo>>("/todos", { query: { pageNumber } });
export const createTodo = (text: string) => api<Todo>("/todos", { method: "POST", body: { text } });
export const updateTodo = (id: number, patch: { text?: string; done?: boolean }) => api<Todo>(`/todos/${id}`, { method: "PUT", body: patch });
export const deleteTodo = (id: number) => api(`/todos/${id}`, { method: "DELETE" });
/** POST /todos/import: the tasks an older version kept in this browser, moved once. */
export const importTodos = (items: { text: string; done: boolean; createdAt?: string }[]) =>
  api<{ added: number; skipped: number }>("/todos/import", { method: "POST", body: { items } });
