/**
 * Sessions that end (issue 10): logout, rotating refresh tokens with replay detection, and every
 * event that ends a user's sessions (password changes, demotion, deletion, a blocked company, the
 * operator's reset) reaching access tokens, refresh cookies and open sockets, over a real server.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { resetPassword } from "../../src/cli";
import { authSessions } from "../../src/modules/auth/schema";
import { endCompanySessions } from "../../src/modules/auth/sessions";
import { sweepEndedSockets } from "../../src/modules/auth/jobs";
import { users } from "../../src/modules/users/schema";
import { makeLiveApp } from "./helpers";

const t = await makeLiveApp();

/** Signs in over the wire; answers token, cookie and user. */
async function signIn(email: string, password: string, ip = `198.51.100.${Math.floor(Math.random() * 250)}`) {
  const r = await t.http("POST", "/auth/login", { body: { email, password }, headers: { "x-forwarded-for": ip } });
  expect(r.status).toBe(200);
  return { token: r.json.token as string, cookie: r.cookie!, user: r.json.user };
}

/** Moves a family's last rotation out of the concurrent-tab grace window. */
const ageRotation = async (userId: number) => await t.db.update(authSessions).set({ rotatedAt: 0 }).where(eq(authSessions.userId, userId));

const me = (token: string) => t.http("GET", "/auth/me", { token });
const refresh = (cookie: string) => t.http("POST", "/auth/refresh_token", { cookie });

describe("logout and refresh rotation", () => {
  test("logout ends the session on the server: the cookie no longer refreshes, the token is refused", async () => {
    const c = await t.newCompany();
    const s = await signIn(c.email, c.password);
    const out = await t.http("DELETE", "/auth/logout", { token: s.token, cookie: s.cookie });
    expect(out.status).toBe(200);
    expect((await refresh(s.cookie)).status).toBe(401);
    expect((await me(s.token)).status).toBe(401);
  }, 30_000);

  test("each refresh issues a new cookie and the old one stops working", async () => {
    const c = await t.newCompany();
    const s = await signIn(c.email, c.password);
    const r1 = await refresh(s.cookie);
    expect(r1.status).toBe(200);
    expect(r1.cookie).toBeTruthy();
    expect(r1.cookie).not.toBe(s.cookie);
    await ageRotation(s.user.id);
    const r2 = await refresh(r1.cookie!);
    expect(r2.status).toBe(200);
    await ageRotation(s.user.id);
    // the first cookie was used already: a replay
    expect((await refresh(s.cookie)).status).toBe(401);
  }, 30_000);

  test("a replayed refresh token ends the whole family: new cookie, access token and socket die", async () => {
    const c = await t.newCompany();
    const s = await signIn(c.email, c.password);
    const r1 = await refresh(s.cookie);
    const sock = t.socket(r1.json.token);
    await sock.ready;
    await ageRotation(s.user.id);
    expect((await refresh(s.cookie)).status).toBe(401); // the thief (or the victim) replays the old cookie
    expect(await t.closedWithin(sock)).toBe(4401);
    expect((await refresh(r1.cookie!)).status).toBe(401);
    expect((await me(r1.json.token)).status).toBe(401);
  }, 30_000);

  test("two tabs refreshing with one cookie at the same moment both get a session (no false replay)", async () => {
    const c = await t.newCompany();
    const s = await signIn(c.email, c.password);
    const [a, b] = await Promise.all([refresh(s.cookie), refresh(s.cookie)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await me(a.json.token)).status).toBe(200);
    expect((await me(b.json.token)).status).toBe(200);
  }, 30_000);

  test("a refused refresh leaves the browser's cookie alone (a late refresh must not wipe a newer sign-in's cookie)", async () => {
    const c = await t.newCompany();
    const old = await signIn(c.email, c.password);
    await signIn(c.email, c.password); // another tab of the same browser signs in
    const late = await refresh(old.cookie);
    expect(late.status).toBe(401);
    expect(late.setCookie).toBe("");
  }, 30_000);

  test("a correctly signed refresh token without a live session family (the older format) is refused", async () => {
    const c = await t.newCompany();
    const s = await signIn(c.email, c.password);
    const row = (await t.db.select().from(users).where(eq(users.id, s.user.id)).limit(1))[0]!;
    const old = await new SignJWT({ id: row.id, companyId: row.companyId, tokenVersion: row.tokenVersion })
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(t.config.jwtRefreshSecret));
    expect((await refresh(`jrt=${old}`)).status).toBe(401);
  }, 30_000);
});

describe("events that end every session of a user", () => {
  test("an admin changing a user's password ends the user's token, cookie and socket", async () => {
    const c = await t.newCompany();
    const agent = await t.newUser(c.admin.token);
    const s = await signIn(agent.email, agent.password);
    const sock = t.socket(s.token);
    await sock.ready;
    const r = await t.http("PUT", `/users/${agent.id}`, { token: c.admin.token, body: { password: "brand-new-1" } });
    expect(r.status).toBe(200);
    expect(await t.closedWithin(sock)).toBe(4401);
    expect((await me(s.token)).status).toBe(401);
    expect((await refresh(s.cookie)).status).toBe(401);
    await signIn(agent.email, "brand-new-1");
  }, 30_000);

  test("changing one's own password needs the current one, ends the old session and answers a new one", async () => {
    const c = await t.newCompany();
    const agent = await t.newUser(c.admin.token);
    const s = await signIn(agent.email, agent.password);
    const sock = t.socket(s.token);
    await sock.ready;
    const wrong = await t.http("POST", "/auth/password", { body: { email: agent.email, currentPassword: "not-it-1", password: "brand-new-2" } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toBe("ERR_WRONG_CURRENT_PASSWORD");
    expect(await t.closedWithin(sock, 200)).toBe("open");
    const ok = await t.http("POST", "/auth/password", { body: { email: agent.email, currentPassword: agent.password, password: "brand-new-2" } });
    expect(ok.status).toBe(200);
    expect(ok.cookie).toBeTruthy();
    expect(await t.closedWithin(sock)).toBe(4401);
    expect((await me(s.token)).status).toBe(401);
    expect((await refresh(s.cookie)).status).toBe(401);
    expect((await me(ok.json.token)).status).toBe(200);
    expect((await refresh(ok.cookie!)).status).toBe(200);
    // the same through PUT /users/{id}: the current password is required there too
    const put = await t.http("PUT", `/users/${agent.id}`, { token: ok.json.token, body: { password: "brand-new-3" } });
    expect(put.json.error).toBe("ERR_CURRENT_PASSWORD_REQUIRED");
  }, 30_000);

  test("a demotion ends the user's sessions; a promotion does not", async () => {
    const c = await t.newCompany();
    const other = await t.newUser(c.admin.token, { profile: "admin" });
    const s = await signIn(other.email, other.password);
    const sock = t.socket(s.token);
    await sock.ready;
    expect((await t.http("PUT", `/users/${other.id}`, { token: c.admin.token, body: { profile: "user" } })).status).toBe(200);
    expect(await t.closedWithin(sock)).toBe(4401);
    expect((await me(s.token)).status).toBe(401);
    const s2 = await signIn(other.email, other.password);
    expect((await t.http("PUT", `/users/${other.id}`, { token: c.admin.token, body: { profile: "admin" } })).status).toBe(200);
    expect((await me(s2.token)).status).toBe(200);
  }, 30_000);

  test("a deleted user's socket closes and receives no more of the company's frames", async () => {
    const c = await t.newCompany();
    const agent = await t.newUser(c.admin.token);
    const s = await signIn(agent.email, agent.password);
    const sock = t.socket(s.token);
    await sock.ready;
    expect((await t.http("DELETE", `/users/${agent.id}`, { token: c.admin.token })).status).toBe(200);
    expect(await t.closedWithin(sock)).toBe(4401);
    const before = sock.frames.length;
    await t.http("POST", "/tags", { token: c.admin.token, body: { name: "após exclusão", color: "#123456" } });
    await Bun.sleep(100);
    expect(sock.frames.length).toBe(before);
    expect((await refresh(s.cookie)).status).toBe(401);
  }, 30_000);

  test("endCompanySessions (a blocked company) ends every user of that company and no one else", async () => {
    const c = await t.newCompany();
    const agent = await t.newUser(c.admin.token);
    const other = await t.newCompany();
    const sa = await signIn(c.email, c.password);
    const sb = await signIn(agent.email, agent.password);
    const so = await signIn(other.email, other.password);
    const socks = [t.socket(sa.token), t.socket(sb.token), t.socket(so.token)];
    await Promise.all(socks.map((x) => x.ready));
    expect(await endCompanySessions(t.deps, c.company.id, "company blocked")).toBe(2);
    expect(await t.closedWithin(socks[0])).toBe(4401);
    expect(await t.closedWithin(socks[1])).toBe(4401);
    expect(await t.closedWithin(socks[2], 200)).toBe("open");
    for (const s of [sa, sb]) {
      expect((await me(s.token)).status).toBe(401);
      expect((await refresh(s.cookie)).status).toBe(401);
    }
    expect((await me(so.token)).status).toBe(200);
    socks[2].ws.close();
  }, 30_000);

  test("cli reset-password: sessions end (the sweep closes sockets) and the printed password must be changed", async () => {
    const c = await t.newCompany();
    const s = await signIn(c.email, c.password);
    const sock = t.socket(s.token);
    await sock.ready;
    const printed = await resetPassword(t.db, c.email);
    expect((await me(s.token)).status).toBe(401);
    expect((await refresh(s.cookie)).status).toBe(401);
    expect(await sweepEndedSockets(t.deps)).toBe(1);
    expect(await t.closedWithin(sock)).toBe(4401);
    const first = await t.http("POST", "/auth/login", { body: { email: c.email, password: printed } });
    expect(first.status).toBe(403);
    expect(first.json.error).toBe("ERR_PASSWORD_CHANGE_REQUIRED");
    expect(first.cookie).toBeUndefined();
    const same = await t.http("POST", "/auth/password", { body: { email: c.email, currentPassword: printed, password: printed } });
    expect(same.json.error).toBe("ERR_PASSWORD_UNCHANGED");
    const changed = await t.http("POST", "/auth/password", { body: { email: c.email, currentPassword: printed, password: "chosen-pass-1" } });
    expect(changed.status).toBe(200);
    expect((await me(changed.json.token)).status).toBe(200);
    await signIn(c.email, "chosen-pass-1");
  }, 30_000);

  test("a newer sign-in elsewhere does not make the sweep close the older browser's socket (the auth frame tells it)", async () => {
    const c = await t.newCompany();
    const s = await signIn(c.email, c.password);
    const sock = t.socket(s.token);
    await sock.ready;
    await signIn(c.email, c.password);
    expect(await sock.waitFor((f) => f.channel === "auth")).toBeTruthy();
    expect(await sweepEndedSockets(t.deps)).toBe(0);
    sock.ws.close();
  }, 30_000);
});

describe("refresh cookie", () => {
  test("is Secure when the client came over https through a trusted proxy, not otherwise", async () => {
    const c = await t.newCompany();
    const login = (headers: Record<string, string>) => t.http("POST", "/auth/login", { body: { email: c.email, password: c.password }, headers });
    const viaHttps = await login({ "x-forwarded-proto": "https", "x-forwarded-for": "192.0.2.1" });
    expect(viaHttps.setCookie).toMatch(/;\s*Secure/i);
    expect(viaHttps.setCookie).toMatch(/HttpOnly/i);
    const plain = await login({ "x-forwarded-for": "192.0.2.1" });
    expect(plain.setCookie).not.toMatch(/;\s*Secure/i);
    const saved = t.deps.config.trustProxy;
    t.deps.config.trustProxy = { kind: "none" };
    try {
      const untrusted = await login({ "x-forwarded-proto": "https" });
      expect(untrusted.setCookie).not.toMatch(/;\s*Secure/i);
    } finally {
      t.deps.config.trustProxy = saved;
    }
  }, 30_000);
});
