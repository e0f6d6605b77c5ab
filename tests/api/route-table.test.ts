import { describe, expect, test } from "bun:test";
import { PUBLIC_ROUTES } from "../../src/http/public-routes";
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
  });
});
