import { describe, expect, test } from "bun:test";
import { defaultOpeningHours } from "../contract/limits";
import { isOutOfHours } from "./hours";

const tz = "America/Sao_Paulo";
// 2026-03-16 is a Monday. São Paulo is UTC-3.
const at = (iso: string) => new Date(iso);

describe("isOutOfHours", () => {
  const hours = defaultOpeningHours();
  test("Monday 08:00-18:00", () => {
    expect(isOutOfHours(hours, tz, at("2026-03-16T10:59:00Z"))).toBe(true); // 07:59
    expect(isOutOfHours(hours, tz, at("2026-03-16T11:00:00Z"))).toBe(false); // 08:00
    expect(isOutOfHours(hours, tz, at("2026-03-16T20:59:00Z"))).toBe(false); // 17:59
    expect(isOutOfHours(hours, tz, at("2026-03-16T21:00:00Z"))).toBe(true); // 18:00
  });
  test("Saturday until noon, Sunday closed all day (00:00-00:00)", () => {
    expect(isOutOfHours(hours, tz, at("2026-03-21T14:00:00Z"))).toBe(false); // Sat 11:00
    expect(isOutOfHours(hours, tz, at("2026-03-21T15:30:00Z"))).toBe(true); // Sat 12:30
    expect(isOutOfHours(hours, tz, at("2026-03-22T15:00:00Z"))).toBe(true); // Sun 12:00
  });
  test("no schedule or empty times means open", () => {
    expect(isOutOfHours([], tz)).toBe(false);
    const empty = hours.map((h) => ({ ...h, startTime: "", endTime: "" }));
    expect(isOutOfHours(empty, tz, at("2026-03-22T15:00:00Z"))).toBe(false);
  });
});
