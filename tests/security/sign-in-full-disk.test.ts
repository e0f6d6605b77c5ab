/**
 * A sign-in that fails halfway (a full disk while its session family is written) must not end the
 * user's existing session: the new token version and the new family are written together or not at all.
 */
import { expect, test } from "bun:test";
import { makeTestApp, SUPER_EMAIL, SUPER_PASSWORD } from "../helpers/app";

const t = await makeTestApp();

test("a sign-in whose family cannot be written answers 507 and leaves the open session valid", async () => {
  const before = await t.login(SUPER_EMAIL, SUPER_PASSWORD);
  expect((await t.call("GET", "/auth/me", { token: before.token })).status).toBe(200);
  // The second write of the sign-in fails as on a full volume (the message SQLite gives then).
  t.db.sqlite.exec("CREATE TEMP TRIGGER full_disk BEFORE INSERT ON auth_sessions BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END");
  try {
    const r = await t.call("POST", "/auth/login", { body: { email: SUPER_EMAIL, password: SUPER_PASSWORD }, headers: { "x-forwarded-for": "10.9.9.9" } });
    expect([r.status, r.json.error]).toEqual([507, "ERR_STORAGE_FULL"]);
  } finally {
    t.db.sqlite.exec("DROP TRIGGER full_disk");
  }
  // The session of before still works: its access token and its refresh cookie.
  expect((await t.call("GET", "/auth/me", { token: before.token })).status).toBe(200);
  const refreshed = await t.call("POST", "/auth/refresh_token", { cookie: before.cookie });
  expect(refreshed.status).toBe(200);
  expect(refreshed.json.token).toBeTruthy();
});
