/**
 * One permission vocabulary (R-PERM-2, docs/rules/permissions.md): every role rule is a named
 * permission in src/contract/permissions.ts, asked through `can` (or a module's policy function built
 * on it) by the route table, the services and the web. This test fails when code in src/ or web/src
 * decides by itself: compares a profile with a role, reads the super flag, or keeps an `isAdmin`-style helper.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dir, "../..");
const VOCABULARY = "src/contract/permissions.ts";

/**
 * Files that store or serialize the super flag (they read `.super` to copy it, never to decide).
 * Even here the caller's flag (`ctx.user.super`) is refused: deciding goes through `can`.
 */
const STORES_THE_FLAG: Record<string, string> = {
  "src/modules/users/queries.ts": "turns a users row into the session user (copies the flag)",
  "src/modules/users/service.ts": "the user DTO, and storing the flag a super user sets (gated by can(…, 'platform:users'))",
  "src/modules/users/accounts.ts": "the SQL form of 'subscription:exempt': a lapsed company's sessions end, its super users' do not",
  "src/modules/auth/service.ts": "the session DTO the web reads (the web then asks can())",
};

/** What a role rule written by hand looks like. */
const RULES: { name: string; pattern: RegExp; everywhere?: boolean }[] = [
  { name: "a profile compared with a role", pattern: /\bprofile\??\s*[!=]==?\s*["'`]|["'`]\s*[!=]==?\s*[\w.?]*\bprofile\b/ },
  { name: "a role literal compared", pattern: /[!=]==?\s*["'`](admin|supervisor)["'`]|["'`](admin|supervisor)["'`]\s*[!=]==?/ },
  { name: "a query comparing the profile column with a role", pattern: /\beq\(\s*[\w.]*\.profile\s*,\s*["'`]/ },
  { name: "a hand-made list of roles", pattern: /\.includes\(\s*[\w.?]*\.profile\s*\)/ },
  { name: "an isAdmin/isSuper-style helper", pattern: /\bis(Admin|Super|Supervisor)\b/ },
  { name: "the super flag read", pattern: /\.super\b(?!\s*\()/ },
  { name: "the caller's super flag read", pattern: /\bctx\??\.user\??\.super\b/, everywhere: true },
];

const stripComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

/** The hand-written role rules of a file's code (line and rule), honouring the flag stores' exemption. */
export function rawRoleChecks(path: string, code: string): string[] {
  if (path === VOCABULARY) return [];
  const stores = path in STORES_THE_FLAG;
  const found: string[] = [];
  stripComments(code)
    .split("\n")
    .forEach((line, i) => {
      for (const r of RULES) {
        if (stores && r.name === "the super flag read") continue;
        if (r.pattern.test(line)) found.push(`${path}:${i + 1} ${r.name}: ${line.trim()}`);
      }
    });
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe("one permission vocabulary", () => {
  test("the scanner catches each kind of hand-written role rule (fixtures) and lets the vocabulary through", () => {
    const fixture = (code: string, path = "src/modules/x/service.ts") => rawRoleChecks(path, code);
    expect(fixture(`if (ctx.user.profile !== "admin") throw forbidden();`)).toHaveLength(2);
    expect(fixture(`const admin = u.profile === 'admin';`)).toHaveLength(2);
    expect(fixture(`if ("supervisor" === user?.profile) return;`)).toHaveLength(2);
    expect(fixture(`const r = role === "admin";`)).toHaveLength(1);
    expect(fixture(`.where(eq(users.profile, "admin"))`)).toHaveLength(1);
    expect(fixture(`if (["admin", "supervisor"].includes(u.profile)) go();`)).toHaveLength(1);
    expect(fixture(`export const isAdmin = computed(() => true);`, "web/src/stores/session.ts")).toHaveLength(1);
    expect(fixture(`if (!ctx.user.super) throw forbidden();`)).toHaveLength(2);
    expect(fixture(`if (row.super && lapsed) return;`)).toHaveLength(1);
    expect(fixture(`const watch = !!user.value?.super;`, "web/src/layout/StorageBanner.tsx")).toHaveLength(1);
    // a flag store copies the flag, but never decides by the caller's
    expect(fixture(`super: user.super,`, "src/modules/auth/service.ts")).toEqual([]);
    expect(fixture(`if (!ctx.user.super) throw forbidden();`, "src/modules/users/service.ts")).toHaveLength(1);
    // what is allowed: can(), a data comparison of two profiles, writing a profile, comments, the vocabulary itself
    expect(fixture(`if (!can(ctx.user, "settings:update")) throw forbidden();`)).toEqual([]);
    expect(fixture(`const changed = input.profile !== undefined && input.profile !== current.profile;`)).toEqual([]);
    expect(fixture(`insertUser(tx, { profile: "admin", name });`)).toEqual([]);
    expect(fixture(`// today: u.profile === "admin" and ctx.user.super`)).toEqual([]);
    expect(fixture(`super.method();`)).toEqual([]);
    expect(fixture(`return roles.includes(user.profile) || !!user.super;`, VOCABULARY)).toEqual([]);
  });

  test("every file the exemption names exists (a stale entry would hide nothing but mislead)", () => {
    for (const path of Object.keys(STORES_THE_FLAG)) expect(readFileSync(join(ROOT, path), "utf8").length).toBeGreaterThan(0);
  });

  test("src and web/src decide roles only through contract/permissions.ts", () => {
    const files = [...sourceFiles(join(ROOT, "src")), ...sourceFiles(join(ROOT, "web/src"))];
    const offenders = files.flatMap((f) => rawRoleChecks(relative(ROOT, f), readFileSync(f, "utf8")));
    expect(offenders).toEqual([]);
  });
});
