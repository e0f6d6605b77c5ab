import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../helpers/app";
import { addDays, todayDate } from "../../src/lib/dates";

const t = await makeTestApp();
const root = await t.superSession();
const a = await t.newCompany();
const b = await t.newCompany();
const agentA = await t.newUser(a.admin.token);

const PLAN = { name: "Plano Ouro", users: 5, connections: 2, queues: 3, value: "149,90", useCampaigns: false, useKanban: true };

describe("plans (super users)", () => {
  let id = 0;
  test("create, read, list, update", async () => {
    const r = await t.call("POST", "/plans", { token: root.token, body: PLAN });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      name: "Plano Ouro",
      users: 5,
      connections: 2,
      queues: 3,
      value: 149.9,
      useCampaigns: false,
      useKanban: true,
      useSchedules: true,
    });
    id = r.json.id;
    expect((await t.call("GET", `/plans/${id}`, { token: root.token })).json.name).toBe("Plano Ouro");
    const all = await t.call("GET", "/plans/all", { token: root.token });
    expect(all.json.map((p: { name: string }) => p.name)).toContain("Plano Ouro");
    const pub = await t.call("GET", "/plans/list");
    expect(pub.status).toBe(200);
    expect(pub.json.map((p: { name: string }) => p.name)).toContain("Plano Ouro");
    const up = await t.call("PUT", `/plans/${id}`, { token: root.token, body: { value: 99, isPublic: false } });
    expect(up.json).toMatchObject({ value: 99, isPublic: false });
    expect((await t.call("GET", "/plans/list")).json.map((p: { name: string }) => p.name)).not.toContain("Plano Ouro");
  });

  test("validation: name, counts and value", async () => {
    const r = await t.call("POST", "/plans", { token: root.token, body: { name: "x", users: -1, connections: "a", queues: 1.5, value: "9.999" } });
    expect(r.status).toBe(400);
    expect(r.json.fields).toEqual({
      name: "validation.tooShort",
      users: "validation.invalid",
      connections: "validation.required",
      queues: "validation.invalid",
      value: "validation.invalid",
    });
    const dup = await t.call("POST", "/plans", { token: root.token, body: { ...PLAN, value: 1 } });
    expect(dup.status).toBe(409);
    expect(dup.json.error).toBe("ERR_PLAN_NAME_ALREADY_EXISTS");
  });

  test("only super users manage plans", async () => {
    for (const [method, path, body] of [
      ["GET", "/plans/all"],
      ["GET", `/plans/${id}`],
      ["POST", "/plans", { ...PLAN, name: "Hack" }],
      ["PUT", `/plans/${id}`, { value: 0 }],
      ["DELETE", `/plans/${id}`],
    ] as const) {
      const r = await t.call(method, path, { token: a.admin.token, body });
      expect(r.status).toBe(403);
      expect(r.json.error).toBe("ERR_NO_PERMISSION");
    }
    expect((await t.call("GET", "/plans/all")).status).toBe(401);
  });

  test("a plan in use cannot be deleted; an unused one can; unknown is 404", async () => {
    const used = await t.call("DELETE", "/plans/1", { token: root.token });
    expect(used.status).toBe(409);
    expect(used.json.error).toBe("ERR_PLAN_IN_USE");
    expect(used.json.companies).toBeGreaterThanOrEqual(3);
    expect((await t.call("DELETE", `/plans/${id}`, { token: root.token })).status).toBe(200);
    expect((await t.call("GET", `/plans/${id}`, { token: root.token })).status).toBe(404);
  });
});

describe("companies (super users)", () => {
  let id = 0;
  const email = `nova.${crypto.randomUUID().slice(0, 6)}@test.local`;
  test("GET /companies/list answers the list (not the :id route)", async () => {
    const r = await t.call("GET", "/companies/list", { token: root.token });
    expect(r.status).toBe(200);
    expect(r.json.length).toBe(3);
    expect(r.json[0]).toHaveProperty("planName");
  });

  test("create with admin user; an invalid due date becomes null", async () => {
    const r = await t.call("POST", "/companies", {
      token: root.token,
      body: { name: "Nova Empresa", email, planId: 1, password: "senha-123", dueDate: "2026-02-31", campaignsEnabled: true, city: "Recife" },
    });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      name: "Nova Empresa",
      email,
      status: true,
      dueDate: null,
      recurrence: "MENSAL",
      campaignsEnabled: true,
      city: "Recife",
      planName: "Plano 1",
    });
    id = r.json.id;
    const login = await t.login(email, "senha-123");
    expect(login.user.company.id).toBe(id);
    expect(login.user.profile).toBe("admin");
  });

  test("validation: email and plan required; unknown plan; duplicate name", async () => {
    const r = await t.call("POST", "/companies", { token: root.token, body: { name: "Sem Email" } });
    expect(r.status).toBe(400);
    expect(r.json.fields).toMatchObject({ email: "validation.required", planId: "validation.required" });
    const noPlan = await t.call("POST", "/companies", { token: root.token, body: { name: "Outra", email: "o@test.local", planId: 999 } });
    expect(noPlan.json.error).toBe("ERR_NO_PLAN_FOUND");
    const dup = await t.call("POST", "/companies", { token: root.token, body: { name: "Nova Empresa", email: "x@test.local", planId: 1 } });
    expect(dup.status).toBe(409);
    expect(dup.json.error).toBe("ERR_COMPANY_NAME_ALREADY_EXISTS");
  });

  test("paged list with search", async () => {
    const r = await t.call("GET", "/companies?searchParam=nova", { token: root.token });
    expect(r.json).toMatchObject({ count: 1, hasMore: false });
    expect(r.json.companies[0].id).toBe(id);
  });

  test("update plan, due date and recurrence", async () => {
    const due = addDays(todayDate(t.config.timezone), 40);
    const r = await t.call("PUT", `/companies/${id}`, { token: root.token, body: { dueDate: due, recurrence: "TRIMESTRAL", phone: "81999990000" } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ dueDate: due, recurrence: "TRIMESTRAL", phone: "81999990000" });
    const bad = await t.call("PUT", `/companies/${id}`, { token: root.token, body: { recurrence: "SEMANAL" } });
    expect(bad.json.fields).toEqual({ recurrence: "validation.invalid" });
    const empty = await t.call("PUT", `/companies/${id}`, { token: root.token, body: { dueDate: "" } });
    expect(empty.json.dueDate).toBeNull();
  });

  test("blocking a company ends its sessions and refuses its sign-in; unblocking restores", async () => {
    const s = await t.login(email, "senha-123");
    const r = await t.call("PUT", `/companies/${id}`, { token: root.token, body: { status: false } });
    expect(r.json.status).toBe(false);
    // the sessions ended (endCompanySessions): the web goes to /login, where the sign-in explains why
    const call = await t.call("GET", "/users", { token: s.token });
    expect(call.status).toBe(401);
    expect(call.json.error).toBe("ERR_SESSION_EXPIRED");
    const refresh = await t.call("POST", "/auth/refresh_token", { cookie: s.cookie });
    expect(refresh.status).toBe(401);
    const login = await t.call("POST", "/auth/login", { body: { email, password: "senha-123" }, headers: { "x-forwarded-for": "10.9.9.9" } });
    expect(login.status).toBe(402);
    await t.call("PUT", `/companies/${id}`, { token: root.token, body: { status: true } });
    expect((await t.login(email, "senha-123")).token).toBeTruthy();
  });

  test("the platform company cannot be blocked or deleted", async () => {
    const me = root.user.companyId;
    expect((await t.call("PUT", `/companies/${me}`, { token: root.token, body: { status: false } })).status).toBe(403);
    expect((await t.call("DELETE", `/companies/${me}`, { token: root.token })).status).toBe(403);
  });

  test("admins cannot list, create, edit or delete companies; their own company stays readable", async () => {
    for (const [method, path, body] of [
      ["GET", "/companies"],
      ["GET", "/companies/list"],
      ["POST", "/companies", { name: "Hack SA", email: "h@test.local", planId: 1 }],
      ["PUT", `/companies/${a.company.id}`, { dueDate: "2099-01-01" }],
      ["DELETE", `/companies/${b.company.id}`],
    ] as const) {
      const r = await t.call(method, path, { token: a.admin.token, body });
      expect(r.status).toBe(403);
    }
    expect((await t.call("GET", `/companies/${a.company.id}`, { token: agentA.token })).status).toBe(200);
    const other = await t.call("GET", `/companies/${b.company.id}`, { token: a.admin.token });
    expect(other.status).toBe(404);
    expect(other.json.error).toBe("ERR_NO_COMPANY_FOUND");
  });

  test("rights before validation: a bad body to a route the caller may not use is 403 (super-only) or 404 (another company), never field errors", async () => {
    for (const [method, path] of [
      ["POST", "/helps"],
      ["POST", "/companies"],
      ["POST", "/plans"],
      ["PUT", `/invoices/1`],
    ] as const) {
      const r = await t.call(method, path, { token: a.admin.token, body: { title: 5 } });
      expect(r.status).toBe(403);
      expect(r.json).toEqual({ error: "ERR_NO_PERMISSION" });
    }
    const other = await t.call("PUT", `/companies/${b.company.id}/schedules`, { token: a.admin.token, body: { schedules: "x" } });
    expect(other.status).toBe(404);
    expect(other.json).toEqual({ error: "ERR_NO_COMPANY_FOUND" });
    const agent = await t.call("PUT", `/companies/${a.company.id}/schedules`, { token: agentA.token, body: { schedules: "x" } });
    expect(agent.json).toEqual({ error: "ERR_NO_PERMISSION" });
    // the company's own admin, who may, does get the field errors
    const own = await t.call("PUT", `/companies/${a.company.id}/schedules`, { token: a.admin.token, body: { schedules: "x" } });
    expect(own.status).toBe(400);
    expect(own.json.fields.schedules).toBeDefined();
  });

  test("delete removes the company, its users and its stored files (never another company's)", async () => {
    const mine = join(t.config.mediaDir, String(id));
    const other = join(t.config.mediaDir, String(root.user.companyId));
    mkdirSync(mine, { recursive: true });
    mkdirSync(other, { recursive: true });
    writeFileSync(join(mine, "a.jpg"), "x");
    writeFileSync(join(other, "keep.jpg"), "x");
    const r = await t.call("DELETE", `/companies/${id}`, { token: root.token });
    expect(existsSync(mine)).toBe(false);
    expect(existsSync(join(other, "keep.jpg"))).toBe(true);
    expect(r.status).toBe(200);
    expect((await t.call("GET", `/companies/${id}`, { token: root.token })).status).toBe(404);
    const login = await t.call("POST", "/auth/login", { body: { email, password: "senha-123" }, headers: { "x-forwarded-for": "10.9.9.8" } });
    expect(login.status).toBe(401);
  });
});

describe("trial", () => {
  test("self-sign-up gives 7 days, MENSAL, active", () => {
    expect(a.company).toMatchObject({ dueDate: addDays(todayDate(t.config.timezone), 7), recurrence: "MENSAL", status: true });
  });
});
