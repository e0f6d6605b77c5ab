/**
 * Shared limiters (src/cluster/limiter*.ts): three nodes, each with its own pool on one test database, share one
 * budget; the same behaviour table runs on the one-box LocalLimiter.
 */
import { afterAll, describe, expect, test } from "bun:test";
import postgres from "postgres";
import { type LimiterBudget, LocalLimiter, type SharedLimiter } from "../../src/cluster/limiter";
import { PgLimiter } from "../../src/cluster/limiter-pg";
import { AttemptLimiter } from "../../src/http/rate-limit";
import { withPostgres } from "../support/postgres";

const pg = withPostgres();
const pools: postgres.Sql[] = [];

/** A node's own pool, as a separate process would have. */
function pool() {
  const sql = postgres(pg.url, { max: 4, onnotice: () => {} });
  pools.push(sql);
  return sql;
}

describe("three nodes on one PostgreSQL share one budget", () => {
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end({ timeout: 5 })));
  });

  test("120 parallel attempts from three nodes on one key: exactly the budget is counted, the rest are told to wait", async () => {
    const budget = { scope: "api", max: 25, windowMs: 60_000 };
    const nodes = [pool(), pool(), pool()].map((sql) => new PgLimiter(sql, budget));
    const t0 = performance.now();
    const answers = await Promise.all(Array.from({ length: 120 }, (_, i) => nodes[i % 3].take("company-7:token-3")));
    const ms = performance.now() - t0;
    expect(answers.filter((a) => a === 0).length).toBe(25);
    for (const a of answers.filter((x) => x !== 0)) expect(a).toBeGreaterThanOrEqual(59);
    for (const n of nodes) expect(await n.blockedFor("company-7:token-3")).toBeGreaterThan(0);
    // another key and another limiter with the same key keep their own counts
    expect(await nodes[1].take("company-8:token-1")).toBe(0);
    expect(await new PgLimiter(pg.sql, { ...budget, scope: "signup" }).take("company-7:token-3")).toBe(0);
    console.log(`limiter: 120 takes from 3 nodes in ${ms.toFixed(0)} ms (${(ms / 120).toFixed(2)} ms each in parallel)`);
  });

  test("failures counted after the fact from several nodes add up, and keys are stored hashed", async () => {
    const budget = { scope: "login.account", max: 5, windowMs: 60_000 };
    const [a, b, c] = [pool(), pool(), pool()].map((sql) => new PgLimiter(sql, budget));
    await Promise.all([a.fail("ana@example.com"), b.fail("ana@example.com"), c.fail("ana@example.com"), a.fail("ana@example.com")]);
    expect(await c.blockedFor("ana@example.com")).toBe(0);
    await b.fail("ana@example.com");
    expect(await a.blockedFor("ana@example.com")).toBeGreaterThan(0);
    // more failures never grow the row past the budget
    await Promise.all(Array.from({ length: 50 }, () => c.fail("ana@example.com")));
    const rows = await pg.sql`SELECT key_hash, hits FROM limiter_hits WHERE scope = 'login.account'`;
    expect(rows.length).toBe(1);
    expect(String(rows[0].hits).split(",").length).toBe(5);
    expect(JSON.stringify(rows)).not.toContain("ana@");
    await b.reset("ana@example.com");
    expect(await a.blockedFor("ana@example.com")).toBe(0);
  });

  test("rows of keys whose window passed are swept", async () => {
    const lim = new PgLimiter(pg.sql, { scope: "sweep", max: 3, windowMs: 100 });
    await lim.take("k1");
    await lim.take("k2");
    await Bun.sleep(150);
    expect(await lim.sweep()).toBeGreaterThanOrEqual(2);
    expect((await pg.sql`SELECT 1 FROM limiter_hits WHERE scope = 'sweep'`).length).toBe(0);
  });

  test("a budget that makes no sense is refused", () => {
    expect(() => new PgLimiter(pg.sql, { scope: "x", max: 0, windowMs: 1_000 })).toThrow();
    expect(() => new PgLimiter(pg.sql, { scope: "x", max: 2, windowMs: 0 })).toThrow();
  });
});

/** The behaviour both implementations share (a sliding window, as AttemptLimiter's). */
function behaviour(name: string, make: (budget: LimiterBudget) => SharedLimiter) {
  describe(name, () => {
    test("the window slides: an attempt is allowed again once the oldest counted one is out of it", async () => {
      const lim = make({ scope: `slide-${name}`, max: 2, windowMs: 400 });
      expect(await lim.take("k")).toBe(0);
      await Bun.sleep(200);
      expect(await lim.take("k")).toBe(0);
      expect(await lim.take("k")).toBe(1); // seconds, rounded up
      await Bun.sleep(250); // the first one left the window, the second not
      expect(await lim.take("k")).toBe(0);
      expect(await lim.take("k")).toBeGreaterThan(0);
    });

    test("refused attempts are not counted; blockedFor counts nothing", async () => {
      const lim = make({ scope: `refused-${name}`, max: 1, windowMs: 300 });
      expect(await lim.blockedFor("k")).toBe(0);
      expect(await lim.blockedFor("k")).toBe(0);
      expect(await lim.take("k")).toBe(0);
      for (let i = 0; i < 5; i++) expect(await lim.take("k")).toBeGreaterThan(0);
      await Bun.sleep(350);
      expect(await lim.take("k")).toBe(0);
    });
  });
}

behaviour("on PostgreSQL", (budget) => new PgLimiter(pg.sql, budget));
behaviour("on one box", (budget) => new LocalLimiter(budget, new AttemptLimiter(budget.max, budget.windowMs)));
