/**
 * Sessions you can see (issue 28): with several sessions allowed, each sign-in is one session with its
 * device, browser and address; the user ends any or all others, an admin the sessions of their
 * company's users (never another company's), over a real server with sockets.
 */
import { describe, expect, test } from "bun:test";
import { makeLiveApp } from "./helpers";

const t = await makeLiveApp();
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

async function signIn(email: string, password: string, ua: string, ip: string) {
  const r = await t.http("POST", "/auth/login", { body: { email, password }, headers: { "user-agent": ua, "x-forwarded-for": ip } });
  expect(r.status).toBe(200);
  return { token: r.json.token as string, cookie: r.cookie! };
}

describe("several sessions", () => {
  test("each browser is listed; ending one leaves the others; 'end all others' keeps this one", async () => {
    const c = await t.newCompany();
    await t.http("PUT", "/settings/singleSession", { token: c.admin.token, body: { value: "disabled" } });
    const agent = await t.newUser(c.admin.token);
    const desk = await signIn(agent.email, agent.password, FIREFOX, "198.51.100.10");
    const phone = await signIn(agent.email, agent.password, IPHONE, "198.51.100.20");
    const third = await signIn(agent.email, agent.password, FIREFOX, "198.51.100.30");
    const phoneSock = t.socket(phone.token);
    await phoneSock.ready;
    const list = await t.http("GET", "/auth/sessions", { token: desk.token });
    expect(list.status).toBe(200);
    const sessions = list.json.sessions as { id: string; device: string; browser: string; address: string; current: boolean }[];
    expect(sessions.length).toBeGreaterThanOrEqual(3);
    const mobile = sessions.find((s) => s.address === "198.51.100.20")!;
    expect(mobile).toMatchObject({ device: "Mobile · iPhone", browser: "Safari 17", current: false });
    expect(sessions.find((s) => s.current)!.address).toBe("198.51.100.10");
    // end the phone: its token, cookie and socket die; the others go on
    expect((await t.http("DELETE", `/auth/sessions/${mobile.id}`, { token: desk.token })).status).toBe(200);
    expect(await t.closedWithin(phoneSock)).toBe(4401);
    expect((await t.http("GET", "/auth/me", { token: phone.token })).status).toBe(401);
    expect((await t.http("POST", "/auth/refresh_token", { cookie: phone.cookie })).status).toBe(401);
    expect((await t.http("GET", "/auth/me", { token: third.token })).status).toBe(200);
    const ended = await t.http("POST", "/auth/sessions/end-others", { token: desk.token });
    expect(ended.json.ended).toBeGreaterThanOrEqual(1);
    expect((await t.http("GET", "/auth/me", { token: third.token })).status).toBe(401);
    expect((await t.http("GET", "/auth/me", { token: desk.token })).status).toBe(200);
    // logging out ends only this browser's session
    const again = await signIn(agent.email, agent.password, IPHONE, "198.51.100.21");
    await t.http("DELETE", "/auth/logout", { token: again.token, cookie: again.cookie });
    expect((await t.http("GET", "/auth/me", { token: desk.token })).status).toBe(200);
    // someone else's session id is not found
    const other = await t.newUser(c.admin.token);
    const otherSid = (await t.http("GET", "/auth/sessions", { token: other.token })).json.sessions[0].id;
    expect((await t.http("DELETE", `/auth/sessions/${otherSid}`, { token: desk.token })).status).toBe(404);
  }, 30_000);

  test("an admin sees and ends the sessions of their company's users, not of another company; agents cannot", async () => {
    const c = await t.newCompany();
    const agent = await t.newUser(c.admin.token);
    const peer = await t.newUser(c.admin.token);
    const stranger = await t.newCompany();
    const s = await signIn(agent.email, agent.password, FIREFOX, "198.51.100.40");
    expect((await t.http("GET", `/users/${agent.id}/sessions`, { token: peer.token })).status).toBe(403);
    expect((await t.http("GET", `/users/${agent.id}/sessions`, { token: stranger.admin.token })).status).toBe(404);
    expect((await t.http("DELETE", `/users/${agent.id}/sessions`, { token: stranger.admin.token })).status).toBe(404);
    const seen = await t.http("GET", `/users/${agent.id}/sessions`, { token: c.admin.token });
    expect(seen.json).toMatchObject({ totp: false, passkeys: 0 });
    expect(seen.json.sessions[0]).toMatchObject({ address: "198.51.100.40", browser: "Firefox 128", current: false });
    const sid = seen.json.sessions[0].id;
    expect((await t.http("DELETE", `/users/${agent.id}/sessions/${sid}`, { token: stranger.admin.token })).status).toBe(404);
    expect((await t.http("DELETE", `/users/${agent.id}/sessions/${sid}`, { token: c.admin.token })).status).toBe(200);
    expect((await t.http("GET", "/auth/me", { token: s.token })).status).toBe(401);
    const s2 = await signIn(agent.email, agent.password, FIREFOX, "198.51.100.41");
    expect((await t.http("DELETE", `/users/${agent.id}/sessions`, { token: c.admin.token })).status).toBe(200);
    expect((await t.http("GET", "/auth/me", { token: s2.token })).status).toBe(401);
  }, 30_000);

  test("with one session per user (the default) a new sign-in still ends the older one", async () => {
    const c = await t.newCompany();
    const agent = await t.newUser(c.admin.token);
    const a = await signIn(agent.email, agent.password, FIREFOX, "198.51.100.50");
    await signIn(agent.email, agent.password, IPHONE, "198.51.100.51");
    expect((await t.http("GET", "/auth/me", { token: a.token })).status).toBe(401);
  }, 30_000);
});
