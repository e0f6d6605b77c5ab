import { describe, expect, test } from "bun:test";
import { zonedToday } from "../../src/contract/zoned";
import { eq } from "drizzle-orm";
import { companies } from "../../src/modules/companies/schema";
import { makeTestApp, SUPER_EMAIL, SUPER_PASSWORD } from "../helpers/app";

const t = await makeTestApp();

describe("POST /auth/login", () => {
  test("answers a token and the session user with company, settings and plan", async () => {
    const r = await t.call("POST", "/auth/login", { body: { email: SUPER_EMAIL, password: SUPER_PASSWORD } });
    expect(r.status).toBe(200);
    expect(typeof r.json.token).toBe("string");
    expect(r.json.user.email).toBe(SUPER_EMAIL);
    expect(r.json.user.super).toBe(true);
    expect(r.json.user.company.dueDate).toBe("2099-12-31");
    expect(r.json.user.company.plan.useCampaigns).toBe(true);
    expect(r.json.user.company.settings.find((s: { key: string }) => s.key === "userRating").value).toBe("disabled");
    expect(r.json.user.passwordHash).toBeUndefined();
    const cookie = r.headers.get("set-cookie") ?? "";
    expect(cookie).toContain("jrt=");
    expect(cookie.toLowerCase()).toContain("httponly");
  });

  test("wrong password and unknown email answer ERR_INVALID_CREDENTIALS", async () => {
    const a = await t.call("POST", "/auth/login", { body: { email: SUPER_EMAIL, password: "nope-nope" } });
    expect(a.status).toBe(401);
    expect(a.json.error).toBe("ERR_INVALID_CREDENTIALS");
    const b = await t.call("POST", "/auth/login", { body: { email: "ghost@x.io", password: "whatever" } });
    expect(b.json.error).toBe("ERR_INVALID_CREDENTIALS");
  });

  test("a missing field answers 400 with the field message", async () => {
    const r = await t.call("POST", "/auth/login", { body: { email: SUPER_EMAIL } });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe("ERR_VALIDATION");
    expect(r.json.fields.password).toBe("validation.required");
  });

  test("repeated failures on one account from one address are refused with 429 and retryAfter", async () => {
    const headers = { "x-forwarded-for": "203.0.113.9" };
    let last = 0;
    for (let i = 0; i < 6; i++) {
      last = (await t.call("POST", "/auth/login", { body: { email: "x@y.z", password: "bad-pass" }, headers })).status;
    }
    expect(last).toBe(429);
    const again = await t.call("POST", "/auth/login", { body: { email: "x@y.z", password: "bad-pass" }, headers });
    expect(again.status).toBe(429);
    expect(again.json.retryAfter).toBeGreaterThan(0);
    expect(again.headers.get("retry-after")).toBeTruthy();
  });

  test("a company past its due date is refused with ERR_SUBSCRIPTION_EXPIRED and the date", async () => {
    const c = await t.newCompany();
    await t.db.update(companies).set({ dueDate: "2020-01-31" }).where(eq(companies.id, c.company.id));
    const r = await t.call("POST", "/auth/login", { body: { email: c.email, password: c.password } });
    expect(r.status).toBe(402);
    expect(r.json).toEqual({ error: "ERR_SUBSCRIPTION_EXPIRED", dueDate: "2020-01-31" });
    // an existing session of that company is refused too
    const me = await t.call("GET", "/users", { token: c.admin.token });
    expect(me.json.error).toBe("ERR_SUBSCRIPTION_EXPIRED");
  });

  test("a disabled company (status false) is refused", async () => {
    const c = await t.newCompany();
    await t.db.update(companies).set({ status: false }).where(eq(companies.id, c.company.id));
    const r = await t.call("POST", "/auth/login", { body: { email: c.email, password: c.password } });
    expect(r.json.error).toBe("ERR_SUBSCRIPTION_EXPIRED");
  });
});

describe("sessions", () => {
  test("no token answers 401, a bad token 403", async () => {
    expect((await t.call("GET", "/auth/me")).status).toBe(401);
    const bad = await t.call("GET", "/auth/me", { token: "garbage" });
    expect(bad.status).toBe(403);
    expect(bad.json.error).toBe("ERR_SESSION_EXPIRED");
  });

  test("refresh with the cookie answers a new token; without it 401", async () => {
    const s = await t.superSession();
    const r = await t.call("POST", "/auth/refresh_token", { cookie: s.cookie });
    expect(r.status).toBe(200);
    expect(r.json.user.id).toBe(s.user.id);
    const me = await t.call("GET", "/auth/me", { token: r.json.token });
    expect(me.status).toBe(200);
    expect((await t.call("POST", "/auth/refresh_token")).status).toBe(401);
  });

  test("a new login ends older sessions and announces it on the user's room", async () => {
    const first = await t.superSession();
    t.events.length = 0;
    const second = await t.superSession();
    const auth = t.framesOf("auth")[0];
    expect(auth?.rooms).toEqual([`user-${first.user.id}`]);
    expect(auth!.frame.user.id).toBe(first.user.id);
    // the new session's version, so a tab of the same browser can recognise its own sign-in
    const tv = JSON.parse(Buffer.from(second.token.split(".")[1], "base64url").toString()).tv;
    expect(auth!.frame.tokenVersion).toBe(tv);
    expect((await t.call("GET", "/auth/me", { token: first.token })).status).toBe(401);
    expect((await t.call("POST", "/auth/refresh_token", { cookie: first.cookie })).status).toBe(401);
    expect((await t.call("GET", "/auth/me", { token: second.token })).status).toBe(200);
  });

  test("logout clears the refresh cookie", async () => {
    const s = await t.superSession();
    const r = await t.call("DELETE", "/auth/logout", { token: s.token, cookie: s.cookie });
    expect(r.status).toBe(200);
    expect(r.headers.get("set-cookie") ?? "").toMatch(/jrt=;|Max-Age=0|Expires=Thu, 01 Jan 1970/i);
  });
});

describe("signup", () => {
  test("creates a company on a 7-day MENSAL trial with an admin", async () => {
    const c = await t.newCompany("Padaria Central");
    const due = new Date(`${c.company.dueDate}T00:00:00Z`).getTime();
    // the trial counts the company's days (the installation's zone), as the login page does
    const today = new Date(`${zonedToday(t.config.timezone)}T00:00:00Z`).getTime();
    expect((due - today) / 86_400_000).toBe(7);
    expect(c.company.recurrence).toBe("MENSAL");
    expect(c.company.status).toBe(true);
    expect(c.admin.user.profile).toBe("admin");
    expect(c.admin.user.super).toBe(false);
    expect(c.admin.user.company.settings.length).toBeGreaterThan(5);
  });

  test("duplicate company name and duplicate email are refused", async () => {
    const c = await t.newCompany("Loja Única");
    const dupName = await t.call("POST", "/companies/cadastro", {
      body: { name: "Loja Única", email: "other@x.io", password: "12345", planId: 1 },
    });
    expect(dupName.json.error).toBe("ERR_COMPANY_NAME_ALREADY_EXISTS");
    const dupEmail = await t.call("POST", "/companies/cadastro", {
      body: { name: "Outra Loja", email: c.email, password: "12345", planId: 1 },
    });
    expect(dupEmail.json.error).toBe("ERR_EMAIL_ALREADY_EXISTS");
  });

  test("sign-up names the admin after the person, not the company (the company's name when no userName)", async () => {
    const r = await t.call("POST", "/companies/cadastro", {
      body: { name: "Padaria Pessoa", userName: "Joana Lima", email: "joana@padaria.io", password: "segredo1", planId: 1 },
    });
    expect(r.status).toBe(201);
    const me = await t.login("joana@padaria.io", "segredo1");
    expect(me.user).toMatchObject({ name: "Joana Lima", profile: "admin", company: { name: "Padaria Pessoa" } });
    const bad = await t.call("POST", "/companies/cadastro", {
      body: { name: "Padaria Dois", userName: "J", email: "j2@padaria.io", password: "segredo1", planId: 1 },
    });
    expect(bad.json.fields).toEqual({ userName: "validation.tooShort" });
  });

  test("validation: short name, bad email, short password, missing plan", async () => {
    const r = await t.call("POST", "/companies/cadastro", { body: { name: "A", email: "nope", password: "1" } });
    expect(r.status).toBe(400);
    expect(r.json.fields).toEqual({
      name: "validation.tooShort",
      email: "validation.invalidEmail",
      password: "validation.tooShort",
      planId: "validation.required",
    });
  });

  test("plans/list is public and listPlan answers the caller's plan only", async () => {
    const plans = await t.call("GET", "/plans/list");
    expect(plans.status).toBe(200);
    expect(plans.json[0]).toMatchObject({ name: "Plano 1", users: 10, connections: 10, queues: 10, value: 30 });
    const a = await t.newCompany();
    const b = await t.newCompany();
    const own = await t.call("GET", `/companies/listPlan/${a.company.id}`, { token: a.admin.token });
    expect(own.json.plan.name).toBe("Plano 1");
    const other = await t.call("GET", `/companies/listPlan/${b.company.id}`, { token: a.admin.token });
    expect(other.status).toBe(404);
    expect(other.json.error).toBe("ERR_NO_COMPANY_FOUND");
    const su = await t.superSession();
    expect((await t.call("GET", `/companies/listPlan/${b.company.id}`, { token: su.token })).status).toBe(200);
  });
});
