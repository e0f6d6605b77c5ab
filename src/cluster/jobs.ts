/**
 * Jobs that run once (docs/SCALING.md, "Jobs that run once"): a scheduled job's tick runs on exactly one node. The
 * Scheduler (src/jobs/scheduler.ts) asks its JobLock before each run: several nodes on PostgreSQL use PgJobLock
 * (cluster/jobs-pg.ts: an advisory lock per job while it runs, and a claim of the tick in `job_runs`); one box uses
 * LocalJobLock, which only keeps two runs of one job from overlapping, as croner's `protect` does today.
 */
import type { Cron } from "croner";

/** What became of a request to run a job: it ran here, it is running (here or elsewhere), or this tick ran already. */
export type JobOutcome = "ran" | "busy" | "done";

/** Decides which node runs a job's tick. */
export interface JobLock {
  readonly nodeId: string;
  /**
   * Runs `work` unless the job runs now on some node ("busy") or `tick` was claimed already ("done"); a null tick
   * (a person's "run now") only waits for no other run. `signal` aborts when this node lost the lock meanwhile (its
   * database connection died: another node may start the job): the work should stop at its next safe point.
   * An error of `work` is thrown after the lock is let go.
   */
  run(name: string, tick: number | null, work: (signal: AbortSignal) => Promise<void> | void): Promise<JobOutcome>;
  close(): Promise<void>;
}

/**
 * The scheduled time (ms) of the cron slot that fired now: the same number on every node for one slot, even when
 * a node's timer fires late (croner's currentRun() is the moment it fired, which differs between nodes).
 */
export function scheduledTick(cron: Cron, now = new Date()): number | null {
  return cron.previousRuns(1, new Date(now.getTime() + 1))[0]?.getTime() ?? null;
}

/** One box: runs every tick here; only overlapping runs of one job are refused. */
export class LocalJobLock implements JobLock {
  readonly nodeId = "local";
  private readonly running = new Set<string>();

  async run(name: string, _tick: number | null, work: (signal: AbortSignal) => Promise<void> | void): Promise<JobOutcome> {
    if (this.running.has(name)) return "busy";
    this.running.add(name);
    try {
      await work(new AbortController().signal);
      return "ran";
    } finally {
      this.running.delete(name);
    }
  }

  async close() {}
}
