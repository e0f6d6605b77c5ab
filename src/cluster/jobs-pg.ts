/**
 * Jobs that run once on several nodes sharing one PostgreSQL. Two things decide, both in the database:
 * - a session-level advisory lock per job name, held on the node's own job connection while the job runs: no two
 *   runs of one job overlap, and when the node dies (kill -9, lost machine) PostgreSQL ends its session and the lock
 *   goes with it, so the job is free again at once (a lost machine: within the TCP keepalive set below, ~25 s);
 * - the claim of the tick in `job_runs` (one statement: the row moves to a later tick or nothing happens), so a node
 *   whose timer fires after the winner finished does not run the same tick again.
 * Order: lock, then claim, then work, then unlock. A node that cannot lock skips the tick, as croner's `protect`
 * skips a tick while the previous run goes on.
 */
import postgres from "postgres";
import { log } from "../lib/logger";
import type { JobLock, JobOutcome } from "./jobs";

/** First key of Balcão's job locks (the two-key form: it never meets the one-key locks of upgrades and moves). */
export const JOB_LOCK_SPACE = 0x4a4f4253; // "JOBS"
/** How often a node checks, while it runs jobs, that its job connection is still the session holding the locks. */
export const CHECK_MS = 5_000;
const NOW_MS = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

export interface PgJobLockOptions {
  nodeId: string;
  checkMs?: number;
}

/** The job lock of one node; it opens one connection of its own (the advisory locks live in that session). */
export class PgJobLock implements JobLock {
  readonly nodeId: string;
  private readonly sql: postgres.Sql;
  private readonly running = new Map<string, AbortController>();
  /** The backend that holds this node's locks; null when it is gone (every running job was told). */
  private pid: number | null = null;
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(url: string, opts: PgJobLockOptions) {
    this.nodeId = opts.nodeId;
    this.sql = postgres(url, {
      max: 1,
      // postgres.js recycles a connection after 30-60 minutes by default: that would drop the locks of running jobs.
      max_lifetime: null,
      onnotice: () => {},
      onclose: () => this.lost("connection closed"),
      connection: {
        application_name: `balcao-jobs ${opts.nodeId}`.slice(0, 63),
        // The server drops the session of a machine that vanished (no FIN ever comes) after ~25 s, freeing its locks.
        tcp_keepalives_idle: 10,
        tcp_keepalives_interval: 5,
        tcp_keepalives_count: 3,
      } as Partial<postgres.ConnectionParameters>,
    });
    this.timer = setInterval(() => void this.check(), opts.checkMs ?? CHECK_MS);
    this.timer.unref?.();
  }

  async run(name: string, tick: number | null, work: (signal: AbortSignal) => Promise<void> | void): Promise<JobOutcome> {
    if (this.running.has(name)) return "busy";
    const ctl = new AbortController();
    this.running.set(name, ctl);
    let lockPid: number | null = null;
    try {
      const [row] = await this.sql`SELECT pg_try_advisory_lock(${JOB_LOCK_SPACE}, hashtext(${name})) AS ok, pg_backend_pid() AS pid`;
      if (this.pid !== null && this.pid !== row.pid) this.lost("new session", name);
      this.pid = row.pid;
      if (!row.ok) return "busy";
      lockPid = row.pid;
      if (tick !== null) {
        const claimed = await this.sql`
          INSERT INTO job_runs AS j (name, tick, node_id, started_at)
          VALUES (${name}, ${tick}, ${this.nodeId}, ${this.sql.unsafe(NOW_MS)})
          ON CONFLICT (name) DO UPDATE
            SET tick = excluded.tick, node_id = excluded.node_id, started_at = excluded.started_at, finished_at = NULL
            WHERE j.tick < excluded.tick
          RETURNING name`;
        if (!claimed.length) return "done";
      }
      await work(ctl.signal);
      if (tick !== null && !ctl.signal.aborted) {
        await this.sql`
          UPDATE job_runs SET finished_at = ${this.sql.unsafe(NOW_MS)}
          WHERE name = ${name} AND tick = ${tick} AND node_id = ${this.nodeId}`.catch(() => {});
      }
      return "ran";
    } finally {
      this.running.delete(name);
      // A lock of a session that died is gone already; unlocking on the session that replaced it would be a no-op.
      if (lockPid !== null && lockPid === this.pid) {
        await this.sql`SELECT pg_advisory_unlock(${JOB_LOCK_SPACE}, hashtext(${name}))`.catch((e) =>
          log.warn("job unlock failed", { job: name, node: this.nodeId, err: String(e) }),
        );
      }
    }
  }

  /** Whether the job connection answers within `ms` (readiness: a node that cannot reach it runs no shared job). */
  async probe(ms = 3_000): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    });
    const ask = this.sql`SELECT 1 AS ok`.then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([ask, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close() {
    clearInterval(this.timer);
    await this.sql.end({ timeout: 5 });
  }

  /** While jobs run: the session holding their locks must still be there (postgres.js reconnects silently). */
  private async check() {
    if (!this.running.size || this.pid === null) return;
    try {
      const [row] = await this.sql`SELECT pg_backend_pid() AS pid`;
      if (row.pid !== this.pid) this.lost("new session");
    } catch (e) {
      // Not a proof the session is gone (a timeout): a dead one closes the connection (onclose) or answers a new pid.
      log.warn("job lock check failed", { node: this.nodeId, err: String(e) });
    }
  }

  /** The session holding the locks is gone: every job running here may now start on another node. */
  private lost(why: string, except?: string) {
    this.pid = null;
    for (const [name, ctl] of this.running) {
      if (name === except || ctl.signal.aborted) continue;
      log.warn("job lock lost: another node may run the job", { job: name, node: this.nodeId, why });
      ctl.abort(new Error("job lock lost"));
    }
  }
}
