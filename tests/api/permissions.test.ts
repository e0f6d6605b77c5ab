import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../helpers/app";

/**
 * The permission vocabulary seen from outside (R-PERM-2, R-PERM-9): the route table, the services
 * and the session answer the same `can`. A super user whose profile is not admin holds the platform's
 * permissions and none of a company admin's.
 */
const t = await makeTestApp();
const root = await t.superSession();
const superAgent = await t.newUser(root.token, { profile: "user", super: true });
const a = await t.newCompany();
const agent = await t.newUser(a.admin.token, { profile: "user" });
const supervisor = await t.newUser(a.admin.token, { profile: "supervisor" });

describe("one permission vocabulary", () => {
  test("the session says who the user is; the web asks can() of it", async () => {
    const me = await t.call("GET", "/auth/me", { token: superAgent.token });
    expect(me.status).toBe(200);
    expect(me.json.profile).toBe("user");
    expect(me.json.super).toBe(true);
  });

  test("a super agent holds the platform permissions (platform:*, jobs:run, backups:manage, storage:view)", async () => {
    for (const path of ["/companies", "/plans/all", "/jobs", "/backups", "/storage"]) {
      const r = await t.call("GET", path, { token: superAgent.token });
      expect([path, r.status]).toEqual([path, 200]);
    }
    // another company's users and hours (platform:users, companies:schedules)
    const users = await t.call("GET", `/users/list?companyId=${a.company.id}`, { token: superAgent.token });
    expect(users.status).toBe(200);
    const hours = await t.call("GET", `/companies/${a.company.id}`, { token: superAgent.token });
    expect(hours.status).toBe(200);
  });

  test("a super agent holds no company admin permission: refused before the body is read", async () => {
    const calls: [string, string, unknown?][] = [
      ["GET", "/dashboard"],
      ["GET", "/audit"],
      ["POST", "/users", { bad: true }],
      ["PUT", "/settings/userRating", { nope: 1 }],
      ["POST", "/queue", { nope: 1 }],
      ["PUT", "/notifications/defaults", { nope: 1 }],
      ["GET", "/sandbox/1/customers"],
    ];
    for (const [method, path, body] of calls) {
      const r = await t.call(method, path, { token: superAgent.token, body });
      expect([method, path, r.status, r.json.error]).toEqual([method, path, 403, "ERR_NO_PERMISSION"]);
    }
  });

  test("the platform's permissions are refused to a company admin with the codes the routes always answered", async () => {
    expect((await t.call("GET", "/companies", { token: a.admin.token })).status).toBe(403);
    const jobs = await t.call("GET", "/jobs", { token: a.admin.token });
    expect([jobs.status, jobs.json.error]).toEqual([403, "ERR_NO_SUPER"]);
    const backups = await t.call("POST", "/backups", { token: a.admin.token });
    expect([backups.status, backups.json.error]).toEqual([403, "ERR_NO_SUPER"]);
    const metrics = await t.call("GET", "/metrics", { token: a.admin.token });
    expect([metrics.status, metrics.json.error]).toEqual([403, "ERR_NO_SUPER"]);
  });

  test("storage:view: admins and super users; agents and supervisors are refused", async () => {
    expect((await t.call("GET", "/storage", { token: a.admin.token })).status).toBe(200);
    for (const who of [agent, supervisor]) expect((await t.call("GET", "/storage", { token: who.token })).status).toBe(403);
  });

  test("notifications:companyDefaults: a supervisor is refused before validation", async () => {
    const r = await t.call("PUT", "/notifications/defaults", { token: supervisor.token, body: { nonsense: true } });
    expect([r.status, r.json.error]).toEqual([403, "ERR_NO_PERMISSION"]);
  });
});
