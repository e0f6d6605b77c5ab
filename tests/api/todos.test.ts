import { describe, expect, test } from "bun:test";
import { rawAll } from "../../src/db/query";
import { sql } from "drizzle-orm";
import { LIMITS } from "../../src/contract/limits";
import { rooms } from "../../src/contract/rooms";
import { makeTestApp } from "../helpers/app";

const t = await makeTestApp();
const a = await t.newCompany();
const b = await t.newCompany();
const agentA = await t.newUser(a.admin.token);
const otherAgentA = await t.newUser(a.admin.token);

describe("to-do list (per user, on the server)", () => {
  let id = 0;
  test("a user adds a task; the frame goes only to that user's room", async () => {
    const r = await t.call("POST", "/todos", { token: agentA.token, body: { text: "  Ligar para a Dona Maria  " } });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ text: "Ligar para a Dona Maria", done: false });
    id = r.json.id;
    const last = t.framesOf("todo").at(-1)!;
    expect(last.rooms).toEqual([rooms.user(agentA.user.id)]);
    expect(last.frame).toMatchObject({ action: "create", todo: { id, text: "Ligar para a Dona Maria" } });
  });

  test("edit, mark done, list newest first, delete", async () => {
    await t.call("POST", "/todos", { token: agentA.token, body: { text: "Conferir boletos" } });
    const upd = await t.call("PUT", `/todos/${id}`, { token: agentA.token, body: { done: true, text: "Ligar para a Dona Maria às 15h" } });
    expect(upd.status).toBe(200);
    expect(upd.json).toMatchObject({ id, done: true, text: "Ligar para a Dona Maria às 15h" });
    expect(t.framesOf("todo").at(-1)!.frame).toMatchObject({ action: "update", todo: { id, done: true } });
    const list = await t.call("GET", "/todos", { token: agentA.token });
    expect(list.status).toBe(200);
    expect(list.json.todos.map((x: { text: string; done: boolean }) => [x.text, x.done])).toEqual([
      ["Conferir boletos", false],
      ["Ligar para a Dona Maria às 15h", true],
    ]);
    expect(list.json).toMatchObject({ count: 2, hasMore: false });
    const del = await t.call("DELETE", `/todos/${list.json.todos[0].id}`, { token: agentA.token });
    expect(del.status).toBe(200);
    expect(t.framesOf("todo").at(-1)!.frame).toEqual({ channel: "todo", action: "delete", id: list.json.todos[0].id });
    expect((await t.call("GET", "/todos", { token: agentA.token })).json.count).toBe(1);
  });

  test("validation: text required and bounded; done must be a boolean", async () => {
    const empty = await t.call("POST", "/todos", { token: agentA.token, body: { text: "   " } });
    expect(empty.status).toBe(400);
    expect(empty.json.fields).toEqual({ text: "validation.required" });
    const long = await t.call("POST", "/todos", { token: agentA.token, body: { text: "x".repeat(LIMITS.todoTextMax + 1) } });
    expect(long.json.fields).toEqual({ text: "validation.tooLong" });
    const bad = await t.call("PUT", `/todos/${id}`, { token: agentA.token, body: { done: "yes" } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({ done: "validation.invalid" });
  });

  test("another user of the same company never reads or changes the task: 404, and their own list is empty", async () => {
    for (const [method, body] of [["PUT", { done: false }], ["DELETE"]] as const) {
      const r = await t.call(method, `/todos/${id}`, { token: otherAgentA.token, body });
      expect(r.status).toBe(404);
      expect(r.json.error).toBe("ERR_NO_TODO_FOUND");
    }
    // not even the company's admin
    expect((await t.call("DELETE", `/todos/${id}`, { token: a.admin.token })).status).toBe(404);
    expect((await t.call("GET", "/todos", { token: otherAgentA.token })).json).toEqual({ todos: [], count: 0, hasMore: false });
    expect((await t.call("GET", "/todos", { token: a.admin.token })).json.count).toBe(0);
    expect((await t.call("GET", "/todos", { token: agentA.token })).json.todos[0]).toMatchObject({ id, done: true });
  });

  test("another company's user gets 404 on the id", async () => {
    for (const [method, body] of [["PUT", { text: "hack" }], ["DELETE"]] as const) {
      const r = await t.call(method, `/todos/${id}`, { token: b.admin.token, body });
      expect(r.status).toBe(404);
      expect(r.json.error).toBe("ERR_NO_TODO_FOUND");
    }
    expect((await t.call("GET", "/todos", { token: b.admin.token })).json.count).toBe(0);
  });

  test("no token: 401", async () => {
    expect((await t.call("GET", "/todos")).status).toBe(401);
    expect((await t.call("POST", "/todos", { body: { text: "x" } })).status).toBe(401);
  });

  test("import of the browser's local tasks: once, bounded, repeated import adds nothing", async () => {
    const user = await t.newUser(a.admin.token);
    const items = [
      { text: "Mais nova", done: false, createdAt: "2025-03-02T10:00:00.000Z" },
      { text: "Mais antiga", done: true, createdAt: "not a date" },
      { text: "   " },
      { text: "y".repeat(LIMITS.todoTextMax + 20) },
    ];
    const r = await t.call("POST", "/todos/import", { token: user.token, body: { items } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ added: 3, skipped: 1 });
    expect(t.framesOf("todo").at(-1)).toMatchObject({ rooms: [rooms.user(user.id)], frame: { action: "reload" } });
    const list = (await t.call("GET", "/todos", { token: user.token })).json.todos;
    // the browser list was newest first and stays so; long texts cut to the bound
    expect(list.map((x: { text: string }) => x.text.length)).toEqual([9, 11, LIMITS.todoTextMax]);
    expect(list[0]).toMatchObject({ text: "Mais nova", createdAt: "2025-03-02T10:00:00.000Z" });
    expect(list[1]).toMatchObject({ text: "Mais antiga", done: true });
    // two tabs importing at once, or a retry: nothing is added twice
    const again = await Promise.all([1, 2].map(() => t.call("POST", "/todos/import", { token: user.token, body: { items } })));
    expect(again.map((x) => x.json.added)).toEqual([0, 0]);
    const tooMany = await t.call("POST", "/todos/import", {
      token: user.token,
      body: { items: Array.from({ length: LIMITS.todosMax + 1 }, (_, i) => ({ text: `t${i}` })) },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.fields).toEqual({ items: "validation.tooLong" });
  });

  test(`a user holds at most ${LIMITS.todosMax} tasks; parallel adds cannot pass the bound; the list is paged`, async () => {
    const user = await t.newUser(a.admin.token);
    const fill = await t.call("POST", "/todos/import", {
      token: user.token,
      body: { items: Array.from({ length: LIMITS.todosMax - 2 }, (_, i) => ({ text: `tarefa ${i}` })) },
    });
    expect(fill.json.added).toBe(LIMITS.todosMax - 2);
    const adds = await Promise.all([1, 2, 3, 4].map((i) => t.call("POST", "/todos", { token: user.token, body: { text: `extra ${i}` } })));
    expect(adds.map((x) => x.status).sort()).toEqual([201, 201, 409, 409]);
    expect(adds.find((x) => x.status === 409)!.json).toEqual({ error: "ERR_TODO_LIST_FULL", limit: LIMITS.todosMax });
    const p1 = await t.call("GET", "/todos?pageNumber=1", { token: user.token });
    expect(p1.json.todos.length).toBe(LIMITS.todosPageSize);
    expect(p1.json).toMatchObject({ count: LIMITS.todosMax, hasMore: true });
    const last = await t.call("GET", `/todos?pageNumber=${LIMITS.todosMax / LIMITS.todosPageSize}`, { token: user.token });
    expect(last.json.hasMore).toBe(false);
    // the imported list was newest first: its last item is the oldest task
    expect(last.json.todos.at(-1).text).toBe(`tarefa ${LIMITS.todosMax - 3}`);
  });

  test("deleting the user removes their tasks", async () => {
    const user = await t.newUser(a.admin.token);
    await t.call("POST", "/todos", { token: user.token, body: { text: "efêmera" } });
    expect((await t.call("DELETE", `/users/${user.id}`, { token: a.admin.token })).status).toBe(200);
    const [left] = await rawAll<{ n: number }>(t.db, sql`select count(*) as n from todos where user_id = ${user.id}`);
    expect(Number(left!.n)).toBe(0);
  });
});
