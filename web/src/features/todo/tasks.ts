import { signal } from "@preact/signals-react";
import { load, save } from "../../lib/storage";

/** A to-do task kept in this browser only (R-UI-6: local storage key `tasks`). */
export interface Task {
  id: string;
  text: string;
  done: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Tasks are bounded: long texts are cut and the list keeps at most this many. */
export const TASK_MAX_CHARS = 500;
export const TASKS_MAX = 500;

function read(): Task[] {
  try {
    const raw = JSON.parse(load("tasks") ?? "[]");
    if (!Array.isArray(raw)) return [];
    // Older or hand-edited entries: keep what has text, fill the rest.
    return raw
      .filter((x) => x && typeof x.text === "string")
      .slice(0, TASKS_MAX)
      .map((x, i) => ({
        id: typeof x.id === "string" ? x.id : `t${i}-${Date.now()}`,
        text: String(x.text).slice(0, TASK_MAX_CHARS),
        done: !!x.done,
        createdAt: typeof x.createdAt === "string" ? x.createdAt : new Date().toISOString(),
        updatedAt: typeof x.updatedAt === "string" ? x.updatedAt : new Date().toISOString(),
      }));
  } catch {
    return [];
  }
}

/** The tasks, newest first. */
export const tasks = signal<Task[]>(read());

function write(list: Task[]) {
  tasks.value = list;
  save("tasks", JSON.stringify(list));
}

const now = () => new Date().toISOString();

/** Adds a task (blank text is ignored); answers false when the list is full. */
export function addTask(text: string): boolean {
  const clean = text.trim().slice(0, TASK_MAX_CHARS);
  if (!clean) return true;
  if (tasks.peek().length >= TASKS_MAX) return false;
  write([{ id: crypto.randomUUID(), text: clean, done: false, createdAt: now(), updatedAt: now() }, ...tasks.peek()]);
  return true;
}

export function editTask(id: string, text: string) {
  const clean = text.trim().slice(0, TASK_MAX_CHARS);
  if (!clean) return;
  write(tasks.peek().map((x) => (x.id === id ? { ...x, text: clean, updatedAt: now() } : x)));
}

export const toggleTask = (id: string) => write(tasks.peek().map((x) => (x.id === id ? { ...x, done: !x.done, updatedAt: now() } : x)));
export const removeTask = (id: string) => write(tasks.peek().filter((x) => x.id !== id));

/** Another tab changed the list: follow it. */
if (typeof window !== "undefined") {
  window.addEventListener("storage", (e) => {
    if (e.key === "tasks") tasks.value = read();
  });
}
