import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { PLAN_FLAGS, type PlanFlag } from "../../src/contract/limits";
import { PUBLIC_ROUTES } from "../../src/http/public-routes";
import { refusal, rightOf, ROUTE_RIGHTS } from "../../src/http/route-rights";
import { companies } from "../../src/modules/companies/schema";
import { plans } from "../../src/modules/plans/schema";
import { makeTestApp } from "../helpers/app";
import { CREATORS } from "../helpers/fixtures";

/**
 * Walks every registered route of the app (routes added later are covered without editing this file)
 * and checks deny-by-default authentication, tenant isolation and input hardening.
 */
const t = await makeTestApp();
const routes = t.app.routes
  .map((r) => ({ method: r.method.toUpperCase(), path: r.path }))
  .filter((r) => r.path !== "/ws" && r.method !== "WS" && r.method !== "ALL" && r.method !== "HEAD" && r.method !== "OPTIONS");
const isPublic = (r: { method: string; path: string }) => PUBLIC_ROUTES.some((p) => p.method === r.method && p.path === r.path);
const isIdParam = (name: string) => name === "id" || /Id$/.test(name);
const paramsOf = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
const fill = (path: string, value: (name: string) => string) => path.replace(/:(\w+)/g, (_, n) => value(n)).replace(/\*$/, "x");

const a = await t.newCompany();
const b = await t.newCompany();
const ownedByA: number[] = [];
for (const [area, create] of Object.entries(CREATORS)) {
  try {
    ownedByA.push(await create(t, a.admin.token));
  } catch (e) {
    throw new Error(`creator ${area} failed: ${e}`);
  }
}
ownedByA.push(a.company.id, a.admin.user.id);
const idsToTry = [...new Set(ownedByA)].filter((id) => id !== b.company.id && id !== b.admin.user.id);

// Callers with fewer rights: an agent and a supervisor of A, the admin of a company whose plan has no features.
const agent = await t.newUser(a.admin.token, { profile: "user" });
const supervisor = await t.newUser(a.admin.token, { profile: "supervisor" });
const bare = await t.newCompany();
const stamp = new Date().toISOString();
const barePlan = (
  await t.db
    .insert(plans)
    .values({ name: "Sem recursos", ...Object.fromEntries(PLAN_FLAGS.map((f) => [f, false])), createdAt: stamp, updatedAt: stamp })
    .returning()
)[0];
await t.db.update(companies).set({ planId: barePlan.id }).where(eq(companies.id, bare.company.id));
const all = (on: boolean) => (_: PlanFlag) => on;
const PROBES = [
  { name: "agent", token: agent.token, user: { profile: "user", super: false }, feature: all(true) },
  { name: "supervisor", token: supervisor.token, user: { profile: "supervisor", super: false }, feature: all(true) },
  { name: "admin without features", token: bare.admin.token, user: { profile: "admin", super: false }, feature: all(false) },
  { name: "company admin", token: a.admin.token, user: { profile: "admin", super: false }, feature: all(true) },
];

describe("route table", () => {
  test("there are routes and every public route entry exists", () => {
    expect(routes.length).toBeGreaterThan(10);
    const registered = new Set(t.app.routes.map((r) => `${r.method.toUpperCase()} ${r.path}`));
    for (const p of PUBLIC_ROUTES) {
      if (p.path === "/ws" || p.path.startsWith("/public")) continue;
      expect(registered.has(`${p.method} ${p.path}`)).toBe(true);
    }
  });

  test("every non-public route refuses unauthenticated calls with 401", async () => {
    const failures: string[] = [];
    for (const r of routes.filter((x) => !isPublic(x))) {
      const res = await t.call(
        r.method,
        fill(r.path, () => "1"),
        r.method === "GET" ? {} : { body: {} },
      );
      if (res.status !== 401 || res.json?.error !== "ERR_SESSION_EXPIRED") failures.push(`${r.method} ${r.path} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  test("every private route says who may call it (src/http/route-rights.ts), and every entry is a route", () => {
    const missing = routes.filter((r) => !isPublic(r) && !rightOf(r.method, r.path)).map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
    const registered = new Set(routes.map((r) => `${r.method} ${r.path}`));
    expect(Object.keys(ROUTE_RIGHTS).filter((k) => !registered.has(k))).toEqual([]);
  });

  test("a caller without the right is refused with 403 before the body is looked at: never the route's field errors", async () => {
    const failures: string[] = [];
    const bodies: unknown[] = [{}, { name: 12, title: [], id: "x", email: {}, body: 5, queueId: "y" }, "{not json"];
    for (const r of routes.filter((x) => !isPublic(x))) {
      const right = rightOf(r.method, r.path);
      if (!right) continue;
      const path = fill(r.path, (n) => (isIdParam(n) ? "1" : "x"));
      for (const p of PROBES) {
        const refused = refusal(p.user, right, p.feature);
        if (!refused) continue;
        for (const body of r.method === "GET" || r.method === "DELETE" ? [undefined] : bodies) {
          const res = await t.call(r.method, path, { token: p.token, body });
          if (res.status !== 403 || res.json?.error !== refused.code) {
            failures.push(`${r.method} ${r.path} as ${p.name} ${JSON.stringify(body) ?? ""} → ${res.status} ${res.text.slice(0, 70)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // Every private route, four callers, three bodies: over a thousand requests (seconds on PostgreSQL).
  }, 60_000);

  test("a caller with the right is not refused by the table (lists and pages without ids)", async () => {
    const failures: string[] = [];
    for (const r of routes.filter((x) => !isPublic(x) && x.method === "GET" && !x.path.includes(":") && !x.path.includes("*"))) {
      const right = rightOf(r.method, r.path);
      for (const p of PROBES) {
        if (!right || refusal(p.user, right, p.feature)) continue;
        const res = await t.call(r.method, r.path, { token: p.token });
        if (res.status === 403) failures.push(`${r.method} ${r.path} as ${p.name} → 403 ${res.text.slice(0, 70)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  test("company B never reads or changes company A's records", async () => {
    const failures: string[] = [];
    for (const r of routes.filter((x) => !isPublic(x) && paramsOf(x.path).some(isIdParam))) {
      for (const id of idsToTry) {
        const path = fill(r.path, (n) => (isIdParam(n) ? String(id) : "x"));
        const res = await t.call(r.method, path, r.method === "GET" || r.method === "DELETE" ? { token: b.admin.token } : { token: b.admin.token, body: {} });
        if (res.status < 400 || res.status >= 500) failures.push(`${r.method} ${path} → ${res.status} ${res.text.slice(0, 80)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  test("malformed ids and bodies answer 4xx with an error code, never 5xx", async () => {
    const failures: string[] = [];
    const bodies: unknown[] = ["{not json", [], { name: 12, id: "x", email: [], password: {} }, "null"];
    for (const r of routes) {
      const path = fill(r.path, (n) => (isIdParam(n) ? "abc" : "%00"));
      const opts = [{}, ...(r.method === "GET" || r.method === "DELETE" ? [] : bodies.map((body) => ({ body })))];
      for (const o of opts) {
        const res = await t.call(r.method, path, { token: b.admin.token, ...o });
        if (res.status >= 500 || (res.status >= 400 && typeof res.json?.error !== "string")) {
          failures.push(`${r.method} ${path} ${JSON.stringify(o).slice(0, 30)} → ${res.status} ${res.text.slice(0, 80)}`);
        }
      }
      if (paramsOf(r.path).some(isIdParam)) {
        const res = await t.call(
          r.method,
          fill(r.path, (n) => (isIdParam(n) ? "-5" : "x")),
          { token: b.admin.token },
        );
        if (res.status >= 500) failures.push(`${r.method} ${r.path} negative id → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
