import { Cron } from "croner";
import { type JobLock, LocalJobLock, scheduledTick } from "../cluster/jobs";
import { log } from "../lib/logger";

export interface JobDef {
  /** Stable dotted name, e.g. "tickets.expire". */
  name: string;
  /** Cron pattern (seconds field allowed). */
  pattern: string;
  /**
   * The work; it must catch nothing it cannot handle: failures are logged here. `signal` aborts when this node lost
   * the job's lock meanwhile (several nodes: another node may start it): long work stops at its next safe point.
   */
  run: (signal: AbortSignal) => Promise<void> | void;
  /**
   * Work of this node's own (its sockets, disk, spool, the WhatsApp sessions it runs): every node runs it, each
   * for itself, without the job lock. The rest runs once across the nodes.
   */
  everyNode?: boolean;
  /** Abort-free soft timeout: a run longer than this is logged. */
  timeoutMs?: number;
}

export interface JobState {
  name: string;
  pattern: string;
  running: boolean;
  lastRunAt: string | null;
  lastError: string | null;
  lastDurationMs: number | null;
  nextRunAt: string | null;
}

/**
 * The croner registry: named jobs with overrun protection, error logging and manual runs. Every run goes through
 * the JobLock (src/cluster/jobs.ts): one box runs each tick here and only refuses overlapping runs; several nodes
 * on PostgreSQL run each tick on exactly one node (an advisory lock per job and the tick claimed in `job_runs`).
 */
export class Scheduler {
  private jobs = new Map<string, { def: JobDef; cron: Cron | null; state: JobState }>();
  constructor(
    private timezone: string,
    private readonly lock: JobLock = new LocalJobLock(),
  ) {}

  add(def: JobDef) {
    const state: JobState = { name: def.name, pattern: def.pattern, running: false, lastRunAt: null, lastError: null, lastDurationMs: null, nextRunAt: null };
    this.jobs.set(def.name, { def, cron: null, state });
  }

  /** Starts every registered job's timer. */
  start() {
    for (const entry of this.jobs.values()) {
      const cron: Cron = new Cron(entry.def.pattern, { timezone: this.timezone, protect: true }, async () => {
        // The slot's scheduled time, the same on every node whatever its timer's delay: the tick one node claims.
        await this.run(entry.def.name, scheduledTick(cron));
      });
      entry.cron = cron;
    }
  }

  stop() {
    for (const e of this.jobs.values()) e.cron?.stop();
  }

  /** Runs a job now (skipped when it runs already, here or on another node); answers false for an unknown name. */
  runNow(name: string): Promise<boolean> {
    return this.run(name, null);
  }

  private async run(name: string, tick: number | null): Promise<boolean> {
    const entry = this.jobs.get(name);
    if (!entry) return false;
    if (entry.state.running) return true;
    const work = async (signal: AbortSignal) => {
      entry.state.running = true;
      const started = Date.now();
      try {
        await entry.def.run(signal);
        entry.state.lastError = null;
      } catch (e) {
        entry.state.lastError = String(e);
        log.error("job failed", { job: name, err: String(e), stack: (e as Error)?.stack });
      } finally {
        entry.state.running = false;
        entry.state.lastRunAt = new Date(started).toISOString();
        entry.state.lastDurationMs = Date.now() - started;
        if (entry.def.timeoutMs && entry.state.lastDurationMs > entry.def.timeoutMs) {
          log.warn("job overran its budget", { job: name, ms: entry.state.lastDurationMs });
        }
      }
    };
    if (entry.def.everyNode) await work(new AbortController().signal);
    else await this.lock.run(name, tick, work);
    return true;
  }

  /** Lets go of the job lock (several nodes: the locks of this node's jobs go with its connection). */
  close(): Promise<void> {
    return this.lock.close();
  }

  list(): JobState[] {
    return [...this.jobs.values()].map((e) => ({ ...e.state, nextRunAt: e.cron?.nextRun()?.toISOString() ?? null }));
  }
}
