/**
 * A sign-in that fails halfway (a full disk while its session family is written) must not end the
 * user's existing session: the new token version and the new family are written together or not at all.
 */
import { expect, test } from "bun:test";
import { makeTestApp, SUPER_EMAIL, SUPER_PASSWORD } from "../helpers/app";
import { failWrites } from "../support/fail-writes";

const t = await makeTestApp();

test("a sign-in whose family cannot be written answers 507 and leaves the open session valid", async () => {
  const before = await t.login(SUPER_EMAIL, SUPER_PASSWORD);
  expect((await t.call("GET", "/auth/me", { token: before.token })).status).toBe(200);
  // The second write of the sign-in fails as on a full volume (what SQLite, or PostgreSQL's disk_full, gives then).
  const undo = await failWrites(t.db, "auth_sessions", "INSERT");
  try {
    const r = await t.call("POST", "/auth/login", { body: { email: SUPER_EMAIL, password: SUPER_PASSWORD }, headers: { "x-forwarded-for": "10.9.9.9" } });
    expect([r.status, r.json.error]).toEqual([507, "ERR_STORAGE_FULL"]);
  } finally {
    await undo();
  }
  // The session of before still works: its access token and its refresh cookie.
  expect((await t.call("GET", "/auth/me", { token: before.token })).status).toBe(200);
  const refreshed = await t.call("POST", "/auth/refresh_token", { cookie: before.cookie });
  expect(refreshed.status).toBe(200);
  expect(refreshed.json.token).toBeTruthy();
});
