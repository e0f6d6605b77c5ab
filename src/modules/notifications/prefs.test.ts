import { describe, expect, test } from "bun:test";
import { BUILTIN_PREFS, deliveryOf, inQuietHours, readPrefs } from "./prefs";

const TZ = "America/Sao_Paulo"; // UTC-3, no daylight saving since 2019
const at = (hhmm: string) => Date.parse(`2026-03-10T${hhmm}:00-03:00`);

describe("quiet hours", () => {
  test("a window across midnight silences late evening and early morning, not the day", () => {
    const p = { ...BUILTIN_PREFS, quiet: { start: "22:00", end: "07:00" } };
    expect(inQuietHours(p, at("23:30"), TZ)).toBe(true);
    expect(inQuietHours(p, at("06:59"), TZ)).toBe(true);
    expect(inQuietHours(p, at("07:00"), TZ)).toBe(false);
    expect(inQuietHours(p, at("12:00"), TZ)).toBe(false);
  });

  test("a window inside one day", () => {
    const p = { ...BUILTIN_PREFS, quiet: { start: "12:00", end: "13:30" } };
    expect(inQuietHours(p, at("12:45"), TZ)).toBe(true);
    expect(inQuietHours(p, at("13:30"), TZ)).toBe(false);
    expect(inQuietHours(p, at("11:59"), TZ)).toBe(false);
  });

  test("quiet hours turn off sound and notification whatever the mode", () => {
    const p = { ...BUILTIN_PREFS, quiet: { start: "00:00", end: "23:59" } };
    expect(deliveryOf(p, "newMessage", at("10:00"), TZ)).toEqual({ sound: false, notification: false });
  });
});

describe("modes", () => {
  test("each mode maps to sound and notification", () => {
    const p = { ...BUILTIN_PREFS, kinds: { newTicket: "sound", newMessage: "notification", transfer: "both", chat: "none", connection: "both" } as const };
    expect(deliveryOf(p, "newTicket", at("10:00"), TZ)).toEqual({ sound: true, notification: false });
    expect(deliveryOf(p, "newMessage", at("10:00"), TZ)).toEqual({ sound: false, notification: true });
    expect(deliveryOf(p, "transfer", at("10:00"), TZ)).toEqual({ sound: true, notification: true });
    expect(deliveryOf(p, "chat", at("10:00"), TZ)).toEqual({ sound: false, notification: false });
  });

  test("a stored document that no longer matches the schema is ignored", () => {
    expect(readPrefs('{"kinds":{}}')).toBeNull();
    expect(readPrefs("not json")).toBeNull();
    expect(readPrefs(JSON.stringify(BUILTIN_PREFS))).toEqual(BUILTIN_PREFS);
  });
});
