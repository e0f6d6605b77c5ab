/**
 * Second factor (issue 28): the authenticator app with a fixed clock and a known secret, recovery
 * codes, passkeys through a software authenticator, the company-wide requirement, the admin's reset,
 * and an attacker holding the password alone getting no token from any route that issues one.
 */
import { describe, expect, test } from "bun:test";
import { rawAll } from "../../src/db/query";
import { sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { resetPassword } from "../../src/cli";
import { makeTestApp } from "../helpers/app";
import { SoftAuthenticator } from "../helpers/webauthn";

const t = await makeTestApp();
let now = Date.parse("2026-03-02T12:00:00Z");
t.deps.clock = { now: () => now };
let ipSeq = 0;
const from = () => ({ "x-forwarded-for": `172.16.${++ipSeq % 250}.9`, "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0" });
const cookieOf = (r: { headers: Headers }) => (r.headers.get("set-cookie") ?? "").split(";")[0];
const codeAt = (secret: string, at: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

/** A new agent with the authenticator app on; answers the secret, the recovery codes and the agent. */
async function agentWithTotp() {
  const c = await t.newCompany();
  const agent = await t.newUser(c.admin.token);
  const setup = await t.call("POST", "/auth/totp/setup", { token: agent.token, body: { password: agent.password } });
  expect(setup.status).toBe(200);
  const confirm = await t.call("POST", "/auth/totp/confirm", { token: agent.token, body: { code: codeAt(setup.json.secret, now) } });
  expect(confirm.status).toBe(200);
  now += 30_000; // the confirming code's step is used up
  return { c, agent, secret: setup.json.secret as string, codes: confirm.json.recoveryCodes as string[] };
}

const password = (email: string, pass: string) => t.call("POST", "/auth/login", { body: { email, password: pass }, headers: from() });

describe("authenticator app", () => {
  test("setup needs the password, shows the secret and a QR code once, and is on only after a right code", async () => {
    const c = await t.newCompany();
    const a = await t.newUser(c.admin.token);
    expect((await t.call("POST", "/auth/totp/setup", { token: a.token, body: { password: "wrong-pass" } })).json.error).toBe("ERR_WRONG_CURRENT_PASSWORD");
    const setup = await t.call("POST", "/auth/totp/setup", { token: a.token, body: { password: a.password } });
    expect(setup.json.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.json.uri).toStartWith("otpauth://totp/");
    expect(setup.json.qr).toStartWith("data:image/png;base64,");
    const wrong = await t.call("POST", "/auth/totp/confirm", { token: a.token, body: { code: "000000" } });
    expect([wrong.status, wrong.json.error]).toEqual([400, "ERR_SECOND_FACTOR_INVALID"]);
    expect((await t.call("GET", "/auth/security", { token: a.token })).json.totp).toBe(false);
    const ok = await t.call("POST", "/auth/totp/confirm", { token: a.token, body: { code: codeAt(setup.json.secret, now) } });
    expect(ok.json.recoveryCodes).toHaveLength(10);
    const sec = await t.call("GET", "/auth/security", { token: a.token });
    expect(sec.json).toMatchObject({ totp: true, recoveryCodesLeft: 10, passkeys: [] });
    expect(JSON.stringify(sec.json)).not.toContain(setup.json.secret);
    // the secret is sealed at rest
    const [raw] = await rawAll<{ s: string }>(t.db, sql`select totp_secret s from user_second_factors where user_id = ${a.id}`);
    expect(raw!.s).not.toContain(setup.json.secret);
  });

  test("the password alone answers a challenge, no token and no cookie; a code then signs in, once", async () => {
    const { agent, secret } = await agentWithTotp();
    const first = await password(agent.email, agent.password);
    expect(first.status).toBe(200);
    expect(first.json.token).toBeUndefined();
    expect(first.json.secondFactor.methods).toEqual(["totp", "recovery"]);
    expect(first.headers.get("set-cookie")).toBeNull();
    const challenge = first.json.secondFactor.challenge as string;
    // the challenge is no access token, no refresh cookie
    expect((await t.call("GET", "/auth/me", { token: challenge })).status).toBe(403);
    expect((await t.call("POST", "/auth/refresh_token", { cookie: `jrt=${challenge}` })).status).toBe(401);
    const code = codeAt(secret, now);
    const ok = await t.call("POST", "/auth/second-factor", { body: { challenge, code }, headers: from() });
    expect(ok.status).toBe(200);
    expect(ok.json.token).toBeTruthy();
    expect(cookieOf(ok)).toStartWith("jrt=");
    expect((await t.call("GET", "/auth/me", { token: ok.json.token })).status).toBe(200);
    // the challenge is used up, and the same code is refused at the next sign-in (replay)
    expect((await t.call("POST", "/auth/second-factor", { body: { challenge, code } })).json.error).toBe("ERR_CHALLENGE_EXPIRED");
    const again = await password(agent.email, agent.password);
    const replay = await t.call("POST", "/auth/second-factor", { body: { challenge: again.json.secondFactor.challenge, code }, headers: from() });
    expect([replay.status, replay.json.error]).toEqual([401, "ERR_SECOND_FACTOR_INVALID"]);
    now += 30_000;
    const next = await t.call("POST", "/auth/second-factor", {
      body: { challenge: again.json.secondFactor.challenge, code: codeAt(secret, now) },
      headers: from(),
    });
    expect(next.status).toBe(200);
  });

  test("recovery codes work once each; the challenge expires and dies after a few wrong answers", async () => {
    const { agent, codes } = await agentWithTotp();
    const s1 = await password(agent.email, agent.password);
    const used = await t.call("POST", "/auth/second-factor", { body: { challenge: s1.json.secondFactor.challenge, recoveryCode: codes[0].toUpperCase() } });
    expect(used.status).toBe(200);
    const s2 = await password(agent.email, agent.password);
    const reused = await t.call("POST", "/auth/second-factor", { body: { challenge: s2.json.secondFactor.challenge, recoveryCode: codes[0] } });
    expect(reused.json.error).toBe("ERR_SECOND_FACTOR_INVALID");
    expect((await t.call("GET", "/auth/security", { token: used.json.token })).json.recoveryCodesLeft).toBe(9);
    const s3 = await password(agent.email, agent.password);
    now += 6 * 60_000;
    const late = await t.call("POST", "/auth/second-factor", { body: { challenge: s3.json.secondFactor.challenge, recoveryCode: codes[1] } });
    expect([late.status, late.json.error]).toEqual([401, "ERR_CHALLENGE_EXPIRED"]);
    const s4 = await password(agent.email, agent.password);
    const ip = { "x-forwarded-for": "203.0.113.77" };
    for (let i = 0; i < 5; i++) {
      const wrong = await t.call("POST", "/auth/second-factor", { body: { challenge: s4.json.secondFactor.challenge, code: "123456" }, headers: ip });
      expect(wrong.json.error).toBe("ERR_SECOND_FACTOR_INVALID");
    }
    // five wrong answers end the challenge, even with a right one now
    const gone = await t.call("POST", "/auth/second-factor", { body: { challenge: s4.json.secondFactor.challenge, recoveryCode: codes[1] } });
    expect(gone.json.error).toBe("ERR_CHALLENGE_EXPIRED");
    // and they count on the login throttle like wrong passwords: this address is now refused for the account
    const blocked = await t.call("POST", "/auth/login", { body: { email: agent.email, password: agent.password }, headers: ip });
    expect(blocked.status).toBe(429);
  });

  test("every route that issues tokens refuses the password alone", async () => {
    const { agent } = await agentWithTotp();
    const noBearer = await t.call("POST", "/auth/password", {
      body: { email: agent.email, currentPassword: agent.password, password: "taken-over-1" },
      headers: from(),
    });
    expect([noBearer.status, noBearer.json.error]).toEqual([403, "ERR_SECOND_FACTOR_REQUIRED"]);
    const s = await password(agent.email, agent.password);
    const challenge = s.json.secondFactor.challenge;
    for (const path of ["/auth/second-factor/setup/totp", "/auth/second-factor/setup/passkey-options"]) {
      expect((await t.call("POST", path, { body: { challenge } })).json.error).toBe("ERR_CHALLENGE_EXPIRED");
    }
    const enrolConfirm = await t.call("POST", "/auth/second-factor/setup/totp/confirm", { body: { challenge, code: "123456" } });
    expect(enrolConfirm.json.error).toBe("ERR_CHALLENGE_EXPIRED");
    const asPassword = await t.call("POST", "/auth/password", {
      body: { email: agent.email, currentPassword: agent.password, password: "taken-over-1", challenge },
      headers: from(),
    });
    expect(asPassword.json.error).toBe("ERR_SECOND_FACTOR_REQUIRED");
    expect((await t.call("POST", "/auth/passkey/login", { body: { challenge, response: { id: "x", type: "public-key" } } })).json.error).toBe(
      "ERR_CHALLENGE_EXPIRED",
    );
    // the agent's own signed-in profile may change it
    expect((await password(agent.email, agent.password)).json.token).toBeUndefined();
  });

  test("a generated password (cli reset-password) of a user with a second factor: second step first, then the change", async () => {
    const { agent, secret } = await agentWithTotp();
    const printed = await resetPassword(t.db, agent.email);
    const s = await password(agent.email, printed);
    const step = await t.call("POST", "/auth/second-factor", { body: { challenge: s.json.secondFactor.challenge, code: codeAt(secret, now) } });
    expect([step.status, step.json.error]).toEqual([403, "ERR_PASSWORD_CHANGE_REQUIRED"]);
    const changed = await t.call("POST", "/auth/password", {
      body: { email: agent.email, currentPassword: printed, password: "chosen-again-1", challenge: step.json.challenge },
      headers: from(),
    });
    expect(changed.status).toBe(200);
    expect(changed.json.token).toBeTruthy();
  });
});

describe("passkeys", () => {
  async function agentWithPasskey() {
    const c = await t.newCompany();
    const agent = await t.newUser(c.admin.token);
    const key = new SoftAuthenticator();
    const start = await t.call("POST", "/auth/passkeys/options", { token: agent.token, body: { password: agent.password } });
    expect(start.status).toBe(200);
    const added = await t.call("POST", "/auth/passkeys", {
      token: agent.token,
      body: { challenge: start.json.challenge, name: "Notebook", response: await key.register(start.json.options) },
    });
    expect(added.status).toBe(201);
    return { c, agent, key, added };
  }

  test("registration stores a named passkey and brings recovery codes; its challenge works once", async () => {
    const { agent, added, key } = await agentWithPasskey();
    expect(added.json.passkey.name).toBe("Notebook");
    expect(added.json.recoveryCodes).toHaveLength(10);
    const sec = await t.call("GET", "/auth/security", { token: agent.token });
    expect(sec.json.passkeys.map((p: { name: string }) => p.name)).toEqual(["Notebook"]);
    const start = await t.call("POST", "/auth/passkeys/options", { token: agent.token, body: { password: agent.password } });
    const other = new SoftAuthenticator();
    const body = { challenge: start.json.challenge, name: "Phone", response: await other.register(start.json.options) };
    expect((await t.call("POST", "/auth/passkeys", { token: agent.token, body })).status).toBe(201);
    expect((await t.call("POST", "/auth/passkeys", { token: agent.token, body })).json.error).toBe("ERR_CHALLENGE_EXPIRED");
    // a registration answered for another site is refused
    const s2 = await t.call("POST", "/auth/passkeys/options", { token: agent.token, body: { password: agent.password } });
    const phish = new SoftAuthenticator("http://evil.example");
    const bad = await t.call("POST", "/auth/passkeys", {
      token: agent.token,
      body: { challenge: s2.json.challenge, name: "x", response: await phish.register(s2.json.options) },
    });
    expect(bad.json.error).toBe("ERR_PASSKEY_INVALID");
    expect(key.id).toBeTruthy();
  });

  test("a passkey answers the second step, and alone signs in; replayed or unverified assertions are refused", async () => {
    const { agent, key } = await agentWithPasskey();
    const s = await password(agent.email, agent.password);
    expect(s.json.secondFactor.methods).toEqual(["recovery", "passkey"]);
    const opts = await t.call("POST", "/auth/second-factor/passkey-options", { body: { challenge: s.json.secondFactor.challenge } });
    expect(opts.json.allowCredentials.map((c: { id: string }) => c.id)).toEqual([key.id]);
    const assertion = await key.assert(opts.json);
    const ok = await t.call("POST", "/auth/second-factor", { body: { challenge: s.json.secondFactor.challenge, passkey: assertion } });
    expect(ok.status).toBe(200);
    expect(ok.json.token).toBeTruthy();
    // passwordless
    const start = await t.call("POST", "/auth/passkey/options", { headers: from() });
    expect(start.json.options.userVerification).toBe("required");
    const signed = await key.assert(start.json.options);
    const alone = await t.call("POST", "/auth/passkey/login", { body: { challenge: start.json.challenge, response: signed }, headers: from() });
    expect(alone.status).toBe(200);
    expect(alone.json.user.id).toBe(agent.id);
    expect(cookieOf(alone)).toStartWith("jrt=");
    const replay = await t.call("POST", "/auth/passkey/login", { body: { challenge: start.json.challenge, response: signed } });
    expect(replay.json.error).toBe("ERR_CHALLENGE_EXPIRED");
    key.userVerified = false;
    const start2 = await t.call("POST", "/auth/passkey/options", { headers: from() });
    const tap = await t.call("POST", "/auth/passkey/login", { body: { challenge: start2.json.challenge, response: await key.assert(start2.json.options) } });
    expect(tap.json.error).toBe("ERR_PASSKEY_INVALID");
  });

  test("removing a passkey needs the password; another user's passkey is not found", async () => {
    const { agent } = await agentWithPasskey();
    const other = await agentWithPasskey();
    const mine = (await t.call("GET", "/auth/security", { token: agent.token })).json.passkeys[0].id;
    const theirs = (await t.call("GET", "/auth/security", { token: other.agent.token })).json.passkeys[0].id;
    expect((await t.call("DELETE", `/auth/passkeys/${theirs}`, { token: agent.token, body: { password: agent.password } })).status).toBe(404);
    expect((await t.call("DELETE", `/auth/passkeys/${mine}`, { token: agent.token, body: { password: "nope-nope" } })).status).toBe(400);
    const gone = await t.call("DELETE", `/auth/passkeys/${mine}`, { token: agent.token, body: { password: agent.password } });
    expect(gone.json).toMatchObject({ passkeys: [], recoveryCodesLeft: 0 });
    expect((await password(agent.email, agent.password)).json.token).toBeTruthy();
  });
});

describe("company-wide requirement and the admin's reset", () => {
  test("users without a second factor set one up at their next sign-in, then cannot remove the last one", async () => {
    const c = await t.newCompany();
    const agent = await t.newUser(c.admin.token);
    expect((await t.call("PUT", "/settings/requireSecondFactor", { token: agent.token, body: { value: "enabled" } })).status).toBe(403);
    expect((await t.call("PUT", "/settings/requireSecondFactor", { token: c.admin.token, body: { value: "enabled" } })).status).toBe(200);
    const s = await password(agent.email, agent.password);
    expect(s.json.token).toBeUndefined();
    const challenge = s.json.secondFactorSetup.challenge as string;
    // the setup challenge is no second step
    expect((await t.call("POST", "/auth/second-factor", { body: { challenge, code: "123456" } })).json.error).toBe("ERR_CHALLENGE_EXPIRED");
    const setup = await t.call("POST", "/auth/second-factor/setup/totp", { body: { challenge } });
    expect(setup.json.secret).toBeTruthy();
    const done = await t.call("POST", "/auth/second-factor/setup/totp/confirm", { body: { challenge, code: codeAt(setup.json.secret, now) }, headers: from() });
    expect(done.status).toBe(200);
    expect(done.json.token).toBeTruthy();
    expect(done.json.recoveryCodes).toHaveLength(10);
    const off = await t.call("POST", "/auth/totp/disable", { token: done.json.token, body: { password: agent.password } });
    expect(off.json.error).toBe("ERR_SECOND_FACTOR_REQUIRED");
  });

  test("the forced setup can also be a passkey", async () => {
    const c = await t.newCompany();
    const agent = await t.newUser(c.admin.token);
    await t.call("PUT", "/settings/requireSecondFactor", { token: c.admin.token, body: { value: "enabled" } });
    const challenge = (await password(agent.email, agent.password)).json.secondFactorSetup.challenge;
    const opts = await t.call("POST", "/auth/second-factor/setup/passkey-options", { body: { challenge } });
    const key = new SoftAuthenticator();
    const done = await t.call("POST", "/auth/second-factor/setup/passkey", { body: { challenge, name: "Chave", response: await key.register(opts.json) } });
    expect(done.status).toBe(200);
    expect(done.json.token).toBeTruthy();
  });

  test("an admin resets a user's second factor, which ends their sessions; other companies and agents cannot", async () => {
    const { c, agent } = await agentWithTotp();
    const s = await password(agent.email, agent.password);
    expect(s.json.secondFactor).toBeTruthy();
    const stranger = await t.newCompany();
    const peer = await t.newUser(c.admin.token);
    expect((await t.call("POST", `/users/${agent.id}/second-factor/reset`, { token: stranger.admin.token })).status).toBe(404);
    expect((await t.call("POST", `/users/${agent.id}/second-factor/reset`, { token: peer.token })).status).toBe(403);
    const r = await t.call("POST", `/users/${agent.id}/second-factor/reset`, { token: c.admin.token });
    expect(r.status).toBe(200);
    expect((await t.call("GET", "/auth/me", { token: agent.token })).status).toBe(401);
    expect((await password(agent.email, agent.password)).json.token).toBeTruthy();
  });

  test("the super user is asked once, at the first sign-in", async () => {
    const first = await t.superSession();
    const firstAnswer = await password(first.user.email, "root-pass-123");
    expect(firstAnswer.json.suggestSecondFactor).toBeUndefined(); // superSession() above was the first
    expect((await rawAll(t.db, sql`select prompted_at from user_second_factors where user_id = ${first.user.id}`))[0]).toBeTruthy();
  });
});
