import { signal } from "@preact/signals-react";
import type { FrameOf } from "@contract/frames";
import { LIMITS } from "@contract/limits";
import * as todosApi from "../../api/todos";
import { load, save } from "../../lib/storage";
import { byAction } from "../../realtime/exhaustive";
import { toastError } from "../../stores/toast";

/** A task of the signed-in user's to-do list, kept on the server (it follows the user across devices). */
export type Task = todosApi.Todo;

export const TASK_MAX_CHARS = LIMITS.todoTextMax;
export const TASKS_MAX = LIMITS.todosMax;

/** The user's tasks, newest first; null until the first load. */
export const tasks = signal<Task[] | null>(null);

/** Newest first is id order: a created or updated task goes to its place. */
function upsert(task: Task) {
  const list = tasks.peek();
  if (!list) return;
  const rest = list.filter((x) => x.id !== task.id);
  const at = rest.findIndex((x) => x.id < task.id);
  tasks.value = at < 0 ? [...rest, task] : [...rest.slice(0, at), task, ...rest.slice(at)];
}

let migrating: Promise<void> | null = null;

/**
 * Moves the tasks an older version kept in this browser (local storage `tasks`) to the server, once:
 * the key is removed after the server stored them (a repeated import adds nothing twice).
 */
export function migrateLocalTasks(): Promise<void> {
  migrating ??= (async () => {
    let items: { text: string; done: boolean; createdAt?: string }[] = [];
    try {
      const raw = JSON.parse(load("tasks") ?? "[]");
      if (Array.isArray(raw)) {
        items = raw
          .filter((x) => x && typeof x.text === "string" && x.text.trim())
          .slice(0, TASKS_MAX)
          .map((x) => ({ text: String(x.text), done: !!x.done, ...(typeof x.createdAt === "string" && { createdAt: x.createdAt.slice(0, 40) }) }));
      }
    } catch {
      // unreadable: nothing to move
    }
    if (!items.length) {
      save("tasks", null);
      return;
    }
    try {
      await todosApi.importTodos(items);
      save("tasks", null);
    } catch {
      migrating = null; // kept locally; the next load tries again
    }
  })();
  return migrating;
}

/** Whose tasks the signal holds: another user signing in on this browser never sees them. */
let owner: string | null = null;

/** Forgets a previous user's list before the signed-in user's loads. */
export function forgetOtherUsersTasks() {
  if (owner !== load("userId")) tasks.value = null;
}

/** Loads every page of the user's tasks (at most LIMITS.todosMax), after moving local ones. */
export async function loadTasks() {
  await migrateLocalTasks();
  const me = load("userId");
  const all: Task[] = [];
  try {
    for (let page = 1; ; page++) {
      const res = await todosApi.listTodos(page);
      all.push(...res.todos);
      if (!res.hasMore || page * LIMITS.todosPageSize >= TASKS_MAX) break;
    }
    if (me !== load("userId")) return;
    owner = me;
    tasks.value = all;
  } catch (err) {
    toastError(err);
  }
}

/** Adds a task (blank text is ignored). */
export async function addTask(text: string): Promise<boolean> {
  const clean = text.trim().slice(0, TASK_MAX_CHARS);
  if (!clean) return true;
  try {
    upsert(await todosApi.createTodo(clean));
    return true;
  } catch (err) {
    toastError(err);
    return false;
  }
}

/** Shown at once (a checkbox must follow the click), confirmed or undone by the server's answer. */
async function change(id: number, patch: { text?: string; done?: boolean }) {
  const before = tasks.peek()?.find((x) => x.id === id);
  if (before) upsert({ ...before, ...patch });
  try {
    upsert(await todosApi.updateTodo(id, patch));
  } catch (err) {
    if (before) upsert(before);
    toastError(err);
  }
}

/** Renames a task (blank text keeps the old one). */
export function editTask(id: number, text: string) {
  const clean = text.trim().slice(0, TASK_MAX_CHARS);
  if (clean) return change(id, { text: clean });
}

export function toggleTask(id: number) {
  const task = tasks.peek()?.find((x) => x.id === id);
  if (task) return change(id, { done: !task.done });
}

export async function removeTask(id: number) {
  try {
    await todosApi.deleteTodo(id);
    if (tasks.peek()) tasks.value = tasks.peek()!.filter((x) => x.id !== id);
  } catch (err) {
    toastError(err);
  }
}

/** The user's other tabs and devices changed the list (frames of the user's own room). */
const todoRows = byAction<"todo">({
  create: (f) => upsert(f.todo),
  update: (f) => upsert(f.todo),
  delete: (f) => (tasks.value = tasks.peek()!.filter((x) => x.id !== f.id)),
  reload: () => void loadTasks(),
});

/** The user's other tabs and devices changed the list (frames of the user's own room). */
export function todoOnFrame(f: FrameOf<"todo">) {
  if (tasks.peek()) todoRows(f);
}
