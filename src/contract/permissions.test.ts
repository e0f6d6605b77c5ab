import { describe, expect, test } from "bun:test";
import { PROFILES } from "./limits";
import { can, isDemotion, PERMISSIONS, type Permission, profilesWith } from "./permissions";

const agent = { profile: "user", super: false };
const supervisor = { profile: "supervisor", super: false };
const admin = { profile: "admin", super: false };
const superAdmin = { profile: "admin", super: true };
/** A super user whose profile is not admin: the flag adds platform rights, never a company profile's (R-PERM-9). */
const superAgent = { profile: "user", super: true };

const PLATFORM = Object.keys(PERMISSIONS).filter((p) => (PERMISSIONS[p as Permission] as readonly string[]).includes("super")) as Permission[];

describe("can (R-PERM-2, R-PERM-9)", () => {
  test("signedIn is held by every profile, and by nobody signed out", () => {
    for (const profile of PROFILES) expect(can({ profile }, "signedIn")).toBe(true);
    expect(can(null, "signedIn")).toBe(false);
    expect(can(undefined, "users:manage")).toBe(false);
  });

  test("company permissions follow the profile", () => {
    expect(can(admin, "users:manage")).toBe(true);
    expect(can(supervisor, "users:manage")).toBe(false);
    expect(can(supervisor, "tickets-manager:showall")).toBe(true);
    expect(can(agent, "tickets-manager:showall")).toBe(false);
    expect(can(agent, "tickets:viewAll")).toBe(false);
    expect(can(admin, "tickets:handleAny")).toBe(true);
  });

  test("platform permissions need the super flag, whatever the profile", () => {
    expect(PLATFORM).toContain("platform:companies");
    for (const p of PLATFORM) {
      expect(can(superAdmin, p)).toBe(true);
      expect(can(superAgent, p)).toBe(true);
      if (p !== "companies:schedules" && p !== "storage:view") expect(can(admin, p)).toBe(false);
    }
  });

  test("a super user holds their own profile's company permissions and no other", () => {
    expect(can(superAdmin, "users:manage")).toBe(true);
    expect(can(superAgent, "users:manage")).toBe(false);
    expect(can(superAgent, "dashboard:view")).toBe(false);
    expect(can(superAgent, "storage:view")).toBe(true);
    expect(can(superAgent, "companies:schedules")).toBe(true);
  });

  test("profilesWith lists the profiles of a permission (never the flag)", () => {
    expect(profilesWith("notifications:connectionAlerts")).toEqual(["admin"]);
    expect(profilesWith("contacts-page:deleteContact").sort()).toEqual(["admin", "supervisor"]);
    expect(profilesWith("platform:companies")).toEqual([]);
  });

  test("a demotion: a lower profile or the flag lost", () => {
    expect(isDemotion(admin, supervisor)).toBe(true);
    expect(isDemotion(supervisor, agent)).toBe(true);
    expect(isDemotion(agent, admin)).toBe(false);
    expect(isDemotion(superAdmin, admin)).toBe(true);
    expect(isDemotion(admin, superAdmin)).toBe(false);
    expect(isDemotion(admin, admin)).toBe(false);
  });
});
