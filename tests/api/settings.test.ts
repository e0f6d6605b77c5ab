import { describe, expect, test } from "bun:test";
import { defaultOpeningHours } from "../../src/contract/limits";
import { makeTestApp } from "../helpers/app";

const t = await makeTestApp();
const a = await t.newCompany();
const b = await t.newCompany();
const agentA = await t.newUser(a.admin.token);

describe("settings", () => {
  test("GET /settings lists the company's defaults to any profile", async () => {
    const r = await t.call("GET", "/settings", { token: agentA.token });
    expect(r.status).toBe(200);
    const map = Object.fromEntries(r.json.map((s: { key: string; value: string }) => [s.key, s.value]));
    expect(map).toMatchObject({ userRating: "disabled", scheduleType: "disabled", call: "disabled", CheckMsgIsGroup: "enabled", chatBotType: "text" });
  });

  test("PUT /settings/{key}: an admin saves, the company's main room hears it", async () => {
    const r = await t.call("PUT", "/settings/userRating", { token: a.admin.token, body: { key: "userRating", value: "enabled" } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ key: "userRating", value: "enabled" });
    expect(t.events.at(-1)!.frame).toEqual({ channel: "settings", action: "update", setting: { key: "userRating", value: "enabled" } });
    expect(t.events.at(-1)!.rooms).toEqual([`company-${a.company.id}-mainchannel`]);
    const other = await t.call("GET", "/settings", { token: b.admin.token });
    expect(other.json.find((s: { key: string }) => s.key === "userRating").value).toBe("disabled");
  });

  test("PUT /settings/{key}: agents get 403, bad keys and values 400", async () => {
    const r = await t.call("PUT", "/settings/userRating", { token: agentA.token, body: { value: "disabled" } });
    expect(r.status).toBe(403);
    expect(r.json).toEqual({ error: "ERR_NO_PERMISSION" });
    const key = await t.call("PUT", "/settings/1bad", { token: a.admin.token, body: { value: "x" } });
    expect(key.status).toBe(400);
    const value = await t.call("PUT", "/settings/call", { token: a.admin.token, body: {} });
    expect(value.status).toBe(400);
    expect(value.json.fields).toEqual({ value: "validation.required" });
  });
});

describe("company schedules", () => {
  test("GET /companies/{id}: the own company with its hours (signup stores the defaults)", async () => {
    const r = await t.call("GET", `/companies/${a.company.id}`, { token: agentA.token });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ id: a.company.id, name: a.company.name, schedules: defaultOpeningHours() });
  });

  test("PUT /companies/{id}/schedules: an admin replaces the hours and gets the company back", async () => {
    const hours = defaultOpeningHours();
    hours[0] = { ...hours[0], startTime: "07:30", endTime: "17:45" };
    const r = await t.call("PUT", `/companies/${a.company.id}/schedules`, { token: a.admin.token, body: { schedules: hours } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ id: a.company.id, name: a.company.name });
    expect(r.json.schedules[0]).toEqual({ weekday: "Segunda-feira", weekdayEn: "monday", startTime: "07:30", endTime: "17:45" });
    const again = await t.call("GET", `/companies/${a.company.id}`, { token: a.admin.token });
    expect(again.json.schedules).toEqual(hours);
  });

  test("validation: seven distinct weekdays of HH:MM (or empty)", async () => {
    const path = `/companies/${a.company.id}/schedules`;
    const bad = defaultOpeningHours();
    bad[2] = { ...bad[2], endTime: "24:00" };
    bad[3] = { ...bad[3], weekdayEn: "someday" };
    const r = await t.call("PUT", path, { token: a.admin.token, body: { schedules: bad } });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe("ERR_VALIDATION");
    expect(r.json.fields).toMatchObject({ "schedules.2.endTime": "validation.invalid", "schedules.3.weekdayEn": "validation.invalid" });
    const six = await t.call("PUT", path, { token: a.admin.token, body: { schedules: defaultOpeningHours().slice(1) } });
    expect(six.status).toBe(400);
    expect(six.json.fields).toEqual({ schedules: "validation.invalid" });
    const twice = defaultOpeningHours();
    twice[6] = { ...twice[0] };
    expect((await t.call("PUT", path, { token: a.admin.token, body: { schedules: twice } })).json.fields).toEqual({ schedules: "validation.invalid" });
    const missing = await t.call("PUT", path, { token: a.admin.token, body: {} });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.json.fields)).toEqual(["schedules"]);
    const empty = defaultOpeningHours();
    empty[6] = { ...empty[6], startTime: "", endTime: "" };
    expect((await t.call("PUT", path, { token: a.admin.token, body: { schedules: empty } })).status).toBe(200);
  });

  test("agents get 403 ERR_NO_PERMISSION and change nothing", async () => {
    const before = (await t.call("GET", `/companies/${a.company.id}`, { token: a.admin.token })).json.schedules;
    const hours = defaultOpeningHours();
    hours[0] = { ...hours[0], startTime: "01:00" };
    const r = await t.call("PUT", `/companies/${a.company.id}/schedules`, { token: agentA.token, body: { schedules: hours } });
    expect(r.status).toBe(403);
    expect(r.json).toEqual({ error: "ERR_NO_PERMISSION" });
    expect((await t.call("GET", `/companies/${a.company.id}`, { token: a.admin.token })).json.schedules).toEqual(before);
  });

  test("another company's id answers 404 ERR_NO_COMPANY_FOUND, for reading and writing", async () => {
    const hours = defaultOpeningHours();
    const put = await t.call("PUT", `/companies/${a.company.id}/schedules`, { token: b.admin.token, body: { schedules: hours } });
    expect(put.status).toBe(404);
    expect(put.json).toEqual({ error: "ERR_NO_COMPANY_FOUND" });
    const get = await t.call("GET", `/companies/${a.company.id}`, { token: b.admin.token });
    expect(get.status).toBe(404);
    expect(get.json).toEqual({ error: "ERR_NO_COMPANY_FOUND" });
    const none = await t.call("GET", "/companies/999999", { token: a.admin.token });
    expect(none.json).toEqual({ error: "ERR_NO_COMPANY_FOUND" });
  });

  test("a super user reaches any company", async () => {
    const root = await t.superSession();
    const hours = defaultOpeningHours();
    hours[5] = { ...hours[5], endTime: "14:00" };
    const r = await t.call("PUT", `/companies/${b.company.id}/schedules`, { token: root.token, body: { schedules: hours } });
    expect(r.status).toBe(200);
    expect(r.json.schedules[5].endTime).toBe("14:00");
    const g = await t.call("GET", `/companies/${b.company.id}`, { token: root.token });
    expect(g.json.schedules[5].endTime).toBe("14:00");
    const missing = await t.call("PUT", "/companies/999999/schedules", { token: root.token, body: { schedules: hours } });
    expect(missing.status).toBe(404);
  });
});
