import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { plans } from "../../src/modules/plans/schema";
import { makeTestApp } from "../helpers/app";

const t = await makeTestApp();
const a = await t.newCompany();
const b = await t.newCompany();

describe("users", () => {
  test("an admin creates a user (default profile user) and it is announced", async () => {
    t.events.length = 0;
    const r = await t.call("POST", "/users", {
      token: a.admin.token,
      body: { name: "Maria Souza", email: "MARIA@Loja.com ", password: "12345" },
    });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ name: "Maria Souza", email: "maria@loja.com", profile: "user", super: false, queues: [] });
    expect(r.json.passwordHash).toBeUndefined();
    const ev = t.framesOf("user")[0];
    expect(ev?.rooms).toEqual([`company-${a.company.id}-mainchannel`]);
    expect(ev?.frame.action).toBe("create");
    const login = await t.login("maria@loja.com", "12345");
    expect(login.user.profile).toBe("user");
  });

  test("validation messages of R-USER-1", async () => {
    const r = await t.call("POST", "/users", { token: a.admin.token, body: { name: "M", email: "bad", password: "123" } });
    expect(r.status).toBe(400);
    expect(r.json.fields).toEqual({ name: "validation.tooShort", email: "validation.invalidEmail", password: "validation.tooShort" });
    const long = await t.call("POST", "/users", {
      token: a.admin.token,
      body: { name: "x".repeat(51), email: "ok@ok.io", password: "y".repeat(51) },
    });
    expect(long.json.fields).toEqual({ name: "validation.tooLong", password: "validation.tooLong" });
  });

  test("duplicate email is refused", async () => {
    const r = await t.call("POST", "/users", { token: a.admin.token, body: { name: "Dup", email: a.email, password: "12345" } });
    expect(r.status).toBe(409);
    expect(r.json.error).toBe("ERR_EMAIL_ALREADY_EXISTS");
  });

  test("list is paged, searchable and limited to the company", async () => {
    const list = await t.call("GET", "/users?searchParam=maria&pageNumber=1", { token: a.admin.token });
    expect(list.status).toBe(200);
    expect(list.json.users.map((u: { email: string }) => u.email)).toEqual(["maria@loja.com"]);
    expect(list.json.hasMore).toBe(false);
    // LIKE wildcards typed in the search are taken literally
    const wild = await t.call("GET", "/users?searchParam=%25", { token: a.admin.token });
    expect(wild.json.users).toEqual([]);
    const other = await t.call("GET", "/users?searchParam=maria", { token: b.admin.token });
    expect(other.json.users).toEqual([]);
    const all = await t.call("GET", "/users/list", { token: b.admin.token });
    expect(all.json.map((u: { companyId: number }) => u.companyId)).toEqual([b.company.id]);
  });

  test("an agent cannot create, delete or change access fields, but edits their own name and password", async () => {
    const agent = await t.newUser(a.admin.token);
    const create = await t.call("POST", "/users", { token: agent.token, body: { name: "Xx", email: "x@x.io", password: "12345" } });
    expect(create.status).toBe(403);
    expect(create.json.error).toBe("ERR_NO_PERMISSION");
    expect((await t.call("DELETE", `/users/${a.admin.user.id}`, { token: agent.token })).status).toBe(403);
    const promote = await t.call("PUT", `/users/${agent.id}`, { token: agent.token, body: { profile: "admin" } });
    expect(promote.status).toBe(403);
    const other = await t.call("PUT", `/users/${a.admin.user.id}`, { token: agent.token, body: { name: "Hacked" } });
    expect(other.status).toBe(403);
    const noCurrent = await t.call("PUT", `/users/${agent.id}`, { token: agent.token, body: { password: "nova-senha" } });
    expect(noCurrent.status).toBe(400);
    expect(noCurrent.json.error).toBe("ERR_CURRENT_PASSWORD_REQUIRED");
    const wrong = await t.call("PUT", `/users/${agent.id}`, { token: agent.token, body: { password: "nova-senha", currentPassword: "nope-nope" } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toBe("ERR_WRONG_CURRENT_PASSWORD");
    const self = await t.call("PUT", `/users/${agent.id}`, {
      token: agent.token,
      body: { name: "Novo Nome", password: "nova-senha", currentPassword: agent.password, profile: "user" },
    });
    expect(self.status).toBe(200);
    expect(self.json.name).toBe("Novo Nome");
    await t.login(agent.email, "nova-senha");
  });

  test("only super users set the super flag", async () => {
    const r = await t.call("POST", "/users", {
      token: a.admin.token,
      body: { name: "Sneaky", email: "sneaky@x.io", password: "12345", super: true },
    });
    expect(r.status).toBe(403);
    expect(r.json.error).toBe("ERR_NO_SUPER");
  });

  test("another company's user answers 404 for read, update and delete", async () => {
    for (const [method, body] of [["GET"], ["PUT", { name: "Nope" }], ["DELETE"]] as const) {
      const r = await t.call(method, `/users/${a.admin.user.id}`, { token: b.admin.token, body });
      expect(r.status).toBe(404);
      expect(r.json.error).toBe("ERR_NO_USER_FOUND");
    }
  });

  test("an admin cannot delete themselves; deleting another user works", async () => {
    const self = await t.call("DELETE", `/users/${b.admin.user.id}`, { token: b.admin.token });
    expect(self.json.error).toBe("ERR_CANNOT_DELETE_SELF");
    const u = await t.newUser(b.admin.token);
    expect((await t.call("DELETE", `/users/${u.id}`, { token: b.admin.token })).status).toBe(200);
    expect((await t.call("GET", `/users/${u.id}`, { token: b.admin.token })).status).toBe(404);
    // the deleted user's token no longer works
    expect((await t.call("GET", "/auth/me", { token: u.token })).status).toBe(401);
  });

  test("the plan's user limit is enforced on creation", async () => {
    const c = await t.newCompany();
    const now = new Date().toISOString();
    const small = (
      await t.db
        .insert(plans)
        .values({ name: `Mini ${crypto.randomUUID().slice(0, 4)}`, users: 2, connections: 1, queues: 1, value: 10, createdAt: now, updatedAt: now })
        .returning()
    )[0];
    const { companies } = await import("../../src/modules/companies/schema");
    await t.db.update(companies).set({ planId: small.id }).where(eq(companies.id, c.company.id));
    await t.newUser(c.admin.token);
    const r = await t.call("POST", "/users", { token: c.admin.token, body: { name: "Third", email: "third@x.io", password: "12345" } });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ error: "ERR_PLAN_LIMIT_USERS", limit: 2 });
  });
});

describe("settings", () => {
  test("any user reads the company settings; only admins change them", async () => {
    const agent = await t.newUser(a.admin.token);
    const list = await t.call("GET", "/settings", { token: agent.token });
    expect(list.json.find((s: { key: string }) => s.key === "sendGreetingAccepted").value).toBe("disabled");
    const denied = await t.call("PUT", "/settings/userRating", { token: agent.token, body: { value: "enabled" } });
    expect(denied.status).toBe(403);
    const ok = await t.call("PUT", "/settings/userRating", { token: a.admin.token, body: { value: "enabled" } });
    expect(ok.json).toEqual({ key: "userRating", value: "enabled" });
    const bList = await t.call("GET", "/settings", { token: b.admin.token });
    expect(bList.json.find((s: { key: string }) => s.key === "userRating").value).toBe("disabled");
  });
});

describe("users and connections/tickets", () => {
  test("the default connection must be one of the company's connections", async () => {
    const { makeConnection } = await import("../helpers/channel");
    const mine = (await makeConnection(t, a.company.id)).connection;
    const theirs = (await makeConnection(t, b.company.id)).connection;
    const bad = await t.call("POST", "/users", {
      token: a.admin.token,
      body: { name: "Conexão Alheia", email: "alheia@x.io", password: "12345", whatsappId: theirs.id },
    });
    expect(bad.status).toBe(404);
    expect(bad.json.error).toBe("ERR_NO_WAPP_FOUND");
    const ok = await t.call("POST", "/users", {
      token: a.admin.token,
      body: { name: "Conexão Própria", email: "propria@x.io", password: "12345", whatsappId: mine.id },
    });
    expect(ok.json.whatsappId).toBe(mine.id);
  });

  test("deleting a user puts their open tickets back to pending", async () => {
    const agent = await t.newUser(a.admin.token);
    const c = await t.call("POST", "/contacts", { token: a.admin.token, body: { name: "Cliente Órfão", number: "5511966665555" } });
    const tk = await t.call("POST", "/tickets", { token: a.admin.token, body: { contactId: c.json.id, userId: agent.id } });
    expect(tk.json.userId).toBe(agent.id);
    expect((await t.call("DELETE", `/users/${agent.id}`, { token: a.admin.token })).status).toBe(200);
    const after = await t.call("GET", `/tickets/${tk.json.id}`, { token: a.admin.token });
    expect(after.json).toMatchObject({ status: "pending", userId: null });
  });
});
