import { Cron } from "croner";
import { log } from "../lib/logger";

export interface JobDef {
  /** Stable dotted name, e.g. "tickets.expire". */
  name: string;
  /** Cron pattern (seconds field allowed). */
  pattern: string;
  /** The work; it must catch nothing it cannot handle: failures are logged here. */
  run: () => Promise<void> | void;
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

/** The croner registry: named jobs with overrun protection, error logging and manual runs. */
export class Scheduler {
  private jobs = new Map<string, { def: JobDef; cron: Cron | null; state: JobState }>();

  constructor(private timezone: string) {}

  add(def: JobDef) {
    const state: JobState = { name: def.name, pattern: def.pattern, running: false, lastRunAt: null, lastError: null, lastDurationMs: null, nextRunAt: null };
    this.jobs.set(def.name, { def, cron: null, state });
  }

  /** Starts every registered job's timer. */
  start() {
    for (const entry of this.jobs.values()) {
      entry.cron = new Cron(entry.def.pattern, { name: entry.def.name, timezone: this.timezone, protect: true }, async () => {
        await this.runNow(entry.def.name);
      });
    }
  }

  stop() {
    for (const e of this.jobs.values()) e.cron?.stop();
  }

  /** Runs a job now (skipped when already running); answers false for an unknown name. */
  async runNow(name: string): Promise<boolean> {
    const entry = this.jobs.get(name);
    if (!entry) return false;
    if (entry.state.running) return true;
    entry.state.running = true;
    const started = Date.now();
    try {
      await entry.def.run();
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
    return true;
  }

  list(): JobState[] {
    return [...this.jobs.values()].map((e) => ({ ...e.state, nextRunAt: e.cron?.nextRun()?.toISOString() ?? null }));
  }
}
