/**
 * A shared limiter on PostgreSQL: one `limiter_hits` row per (limiter, key) holds the times of the attempts still in
 * the window (at most the budget). take() is one INSERT … ON CONFLICT DO UPDATE … WHERE: the row lock makes parallel
 * calls of every node wait for each other and re-check the count on the row as the previous one left it, so the
 * budget holds exactly. Times are the database's clock. Keys are stored as SHA-256 (addresses, e-mails: no personal
 * data in clear). Rows whose window has passed are swept at most once a minute per node.
 */
import { createHash } from "node:crypto";
import type postgres from "postgres";
import { log } from "../lib/logger";
import type { LimiterBudget, SharedLimiter } from "./limiter";

const NOW_MS = "(extract(epoch from clock_timestamp()) * 1000)::bigint";
/** How often one node deletes the rows of keys whose window has passed. */
export const SWEEP_MS = 60_000;

const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** The limiter of one budget on the node's pool (`openPostgres(...).$client`). */
export class PgLimiter implements SharedLimiter {
  private lastSweep = 0;

  constructor(
    private readonly sql: postgres.Sql,
    readonly budget: LimiterBudget,
  ) {
    if (!Number.isInteger(budget.max) || budget.max < 1 || !(budget.windowMs > 0)) throw new Error(`bad limiter budget ${JSON.stringify(budget)}`);
  }

  async take(key: string): Promise<number> {
    const rows = await this.count(key, true);
    if (rows.length) return 0;
    // Over budget (the rare path): how long until the oldest attempt leaves the window.
    return Math.max(1, await this.blockedFor(key));
  }

  async blockedFor(key: string): Promise<number> {
    const { scope, max, windowMs } = this.budget;
    const [row] = await this.sql`
      SELECT hits, ${this.sql.unsafe(NOW_MS)} AS now FROM limiter_hits WHERE scope = ${scope} AND key_hash = ${hashKey(key)}`;
    if (!row) return 0;
    const now = Number(row.now);
    const times = String(row.hits)
      .split(",")
      .map(Number)
      .filter((t) => t > now - windowMs);
    if (times.length < max) return 0;
    return Math.max(1, Math.ceil((Math.min(...times) + windowMs - now) / 1000));
  }

  async fail(key: string) {
    await this.count(key, false);
  }

  async reset(key: string) {
    await this.sql`DELETE FROM limiter_hits WHERE scope = ${this.budget.scope} AND key_hash = ${hashKey(key)}`;
  }

  /** Deletes the rows of every limiter whose window has passed; answers how many. */
  async sweep(): Promise<number> {
    this.lastSweep = Date.now();
    const rows = await this.sql`DELETE FROM limiter_hits WHERE expires_at < ${this.sql.unsafe(NOW_MS)} RETURNING 1`;
    return rows.length;
  }

  /**
   * One statement: the key's row keeps its newest attempts still in the window (at most max - 1) plus this one;
   * with `checked`, only when fewer than `max` are in the window (else no row comes back and nothing changes).
   */
  private count(key: string, checked: boolean) {
    const { scope, max, windowMs } = this.budget;
    const sql = this.sql;
    if (Date.now() - this.lastSweep > SWEEP_MS) {
      this.sweep().catch((e) => log.warn("limiter sweep failed", { scope, err: String(e) }));
    }
    const inWindow = sql`FROM unnest(string_to_array(l.hits, ',')::bigint[]) AS h WHERE h > excluded.hits::bigint - ${windowMs}`;
    return sql`
      INSERT INTO limiter_hits AS l (scope, key_hash, hits, expires_at)
      SELECT ${scope}, ${hashKey(key)}, c.now::text, c.now + ${windowMs} FROM (SELECT ${sql.unsafe(NOW_MS)} AS now) c
      ON CONFLICT (scope, key_hash) DO UPDATE
        SET hits = array_to_string(excluded.hits::bigint || ARRAY(SELECT h ${inWindow} ORDER BY h DESC LIMIT ${max - 1}), ','),
            expires_at = excluded.expires_at
        ${checked ? sql`WHERE (SELECT count(*) ${inWindow}) < ${max}` : sql``}
      RETURNING 1`;
  }
}
