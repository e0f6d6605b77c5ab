import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../helpers/app";

const t = await makeTestApp();
const a = await t.newCompany();
const b = await t.newCompany();
const agentA = await t.newUser(a.admin.token);
const supervisorA = await t.newUser(a.admin.token, { profile: "supervisor" });

describe("tags", () => {
  let id = 0;
  test("any user creates a tag; realtime tag create", async () => {
    const r = await t.call("POST", "/tags", { token: agentA.token, body: { name: "Urgente", color: "#FF0000" } });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ name: "Urgente", color: "#FF0000", kanban: 0, ticketsCount: 0, userId: agentA.user.id });
    id = r.json.id;
    expect(t.events.at(-1)!.frame).toMatchObject({ channel: "tag", action: "create", tag: { id } });
  });

  test("validation: name required, at least 3 characters; colour format", async () => {
    const empty = await t.call("POST", "/tags", { token: agentA.token, body: { name: "" } });
    expect(empty.status).toBe(400);
    expect(empty.json.fields).toEqual({ name: "validation.required" });
    const short = await t.call("POST", "/tags", { token: agentA.token, body: { name: "ab", color: "blue" } });
    expect(short.json.fields).toEqual({ name: "validation.tooShort", color: "validation.invalid" });
    const kan = await t.call("POST", "/tags", { token: a.admin.token, body: { name: "Kanban X", kanban: 7 } });
    expect(kan.json.fields).toEqual({ kanban: "validation.invalid" });
  });

  test("names are unique per company (case-insensitive)", async () => {
    const r = await t.call("POST", "/tags", { token: a.admin.token, body: { name: "urgente" } });
    expect(r.status).toBe(409);
    expect(r.json.error).toBe("ERR_TAG_NAME_ALREADY_EXISTS");
    expect((await t.call("POST", "/tags", { token: b.admin.token, body: { name: "Urgente" } })).status).toBe(201);
  });

  test("only admin and supervisor set the kanban flag", async () => {
    const agentCreate = await t.call("POST", "/tags", { token: agentA.token, body: { name: "Lane agente", kanban: 1 } });
    expect(agentCreate.status).toBe(403);
    expect(agentCreate.json.error).toBe("ERR_NO_PERMISSION");
    const agentUpdate = await t.call("PUT", `/tags/${id}`, { token: agentA.token, body: { kanban: 1 } });
    expect(agentUpdate.status).toBe(403);
    const sup = await t.call("PUT", `/tags/${id}`, { token: supervisorA.token, body: { kanban: true } });
    expect(sup.status).toBe(200);
    expect(sup.json.kanban).toBe(1);
    const adm = await t.call("POST", "/tags", { token: a.admin.token, body: { name: "Em negociação", color: "#00aa00", kanban: 1 } });
    expect(adm.json.kanban).toBe(1);
    // an agent may still rename a kanban tag without touching the flag
    const rename = await t.call("PUT", `/tags/${id}`, { token: agentA.token, body: { name: "Muito urgente", kanban: 1 } });
    expect(rename.status).toBe(200);
    expect(rename.json.name).toBe("Muito urgente");
    expect(t.events.at(-1)!.frame).toMatchObject({ channel: "tag", action: "update", tag: { id, name: "Muito urgente" } });
    const agentDelete = await t.call("DELETE", `/tags/${id}`, { token: agentA.token });
    expect(agentDelete.status).toBe(403);
  });

  test("GET /tags/kanban answers { lista } of kanban tags ordered by id", async () => {
    const r = await t.call("GET", "/tags/kanban", { token: agentA.token });
    expect(r.json.lista.map((x: { name: string }) => x.name)).toEqual(["Muito urgente", "Em negociação"]);
  });

  test("paged list with search, and the full list", async () => {
    for (let i = 0; i < 22; i++) await t.call("POST", "/tags", { token: a.admin.token, body: { name: `Lote ${String(i).padStart(2, "0")}` } });
    const p1 = await t.call("GET", "/tags?pageNumber=1", { token: agentA.token });
    expect(p1.json.tags.length).toBe(20);
    expect(p1.json.count).toBe(24);
    expect(p1.json.hasMore).toBe(true);
    const p2 = await t.call("GET", "/tags?pageNumber=2", { token: agentA.token });
    expect(p2.json.hasMore).toBe(false);
    const s = await t.call("GET", "/tags?searchParam=urg", { token: agentA.token });
    expect(s.json.tags.map((x: { name: string }) => x.name)).toEqual(["Muito urgente"]);
    const all = await t.call("GET", "/tags/list", { token: agentA.token });
    expect(all.json.length).toBe(24);
    expect(all.json[0]).toHaveProperty("ticketsCount", 0);
  });

  test("company B gets 404 ERR_NO_TAG_FOUND on company A's tag", async () => {
    for (const [method, body] of [["GET"], ["PUT", { name: "Hack tag" }], ["DELETE"]] as const) {
      const r = await t.call(method, `/tags/${id}`, { token: b.admin.token, body });
      expect(r.status).toBe(404);
      expect(r.json).toEqual({ error: "ERR_NO_TAG_FOUND" });
    }
    const list = await t.call("GET", "/tags/list", { token: b.admin.token });
    expect(list.json.map((x: { name: string }) => x.name)).toEqual(["Urgente"]);
    const kanban = await t.call("GET", "/tags/kanban", { token: b.admin.token });
    expect(kanban.json).toEqual({ lista: [] });
  });

  test("supervisor deletes a kanban tag; realtime delete with tagId", async () => {
    const r = await t.call("DELETE", `/tags/${id}`, { token: supervisorA.token });
    expect(r.status).toBe(200);
    expect(t.events.at(-1)!.frame).toEqual({ channel: "tag", action: "delete", tagId: id });
    expect((await t.call("GET", `/tags/${id}`, { token: a.admin.token })).status).toBe(404);
  });
});
