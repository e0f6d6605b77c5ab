import { describe, expect, test } from "bun:test";
import { addDays, daysUntil, isPastDue, todayDate } from "./dates";

// 02:00 UTC on the 27th is still 23:00 on the 26th in São Paulo (UTC-3): the company's day, not UTC's.
const LATE_EVENING_SP = new Date("2026-11-27T02:00:00Z");
const SP = "America/Sao_Paulo";

describe("due dates count the installation's days", () => {
  test("today is the zone's calendar date", () => {
    expect(todayDate(SP, LATE_EVENING_SP)).toBe("2026-11-26");
    expect(todayDate("UTC", LATE_EVENING_SP)).toBe("2026-11-27");
  });

  test("a company due today keeps its access until its own midnight", () => {
    expect(isPastDue("2026-11-26", SP, LATE_EVENING_SP)).toBe(false);
    expect(isPastDue("2026-11-25", SP, LATE_EVENING_SP)).toBe(true);
    expect(isPastDue(null, SP, LATE_EVENING_SP)).toBe(false);
    // the same instant read as UTC would have locked it out three hours early
    expect(isPastDue("2026-11-26", "UTC", LATE_EVENING_SP)).toBe(true);
  });

  test("days left and a 7-day trial signed up late in the evening", () => {
    expect(daysUntil("2026-11-27", SP, LATE_EVENING_SP)).toBe(1);
    expect(addDays(todayDate(SP, LATE_EVENING_SP), 7)).toBe("2026-12-03");
  });
});
