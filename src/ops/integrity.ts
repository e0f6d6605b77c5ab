/**
 * Database integrity off the request thread. `PRAGMA quick_check` reads every page: about 1 s on the
 * benchmark's 1,000,000-message database (285 MB), too long to block the server's thread at boot or
 * while a restore is staged from the page, so it runs in a Worker on its own read-only connection.
 */
import type { Deps } from "../core/deps";
import { log } from "../lib/logger";

/** The outcome of one check: ok, or the first problems SQLite reported (at most 20). */
export interface IntegrityResult {
  ok: boolean;
  problems: string[];
  ms: number;
  /** The check itself could not run to the end (time limit, worker failure): nothing is known. */
  unchecked?: boolean;
}

/**
 * Checks a database file in a Worker: `quick_check` (structure of every page) or, with `full`,
 * `integrity_check` (also every index against its table). A check past `timeoutMs` answers not ok.
 */
export function checkIntegrityOffThread(path: string, opts: { full?: boolean; timeoutMs?: number } = {}): Promise<IntegrityResult> {
  const started = performance.now();
  const timeoutMs = opts.timeoutMs ?? 10 * 60_000;
  return new Promise<IntegrityResult>((resolve) => {
    const worker = new Worker(new URL("./integrity-worker.ts", import.meta.url).href, { smol: true });
    const finish = (ok: boolean, problems: string[], unchecked = false) => {
      clearTimeout(timer);
      worker.terminate();
      resolve({ ok, problems, ms: Math.round(performance.now() - started), ...(unchecked ? { unchecked } : {}) });
    };
    const timer = setTimeout(() => finish(false, [`the check did not finish in ${Math.round(timeoutMs / 1000)} s`], true), timeoutMs);
    worker.onmessage = (e: MessageEvent<{ ok: boolean; problems: string[] }>) => finish(e.data.ok, e.data.problems);
    worker.onerror = (e) => finish(false, [`the check could not run: ${e.message}`], true);
    worker.postMessage({ path, full: !!opts.full });
  });
}

/** What the server knows of its database's integrity (the boot's check): shown by /readyz, /storage and /metrics. */
export interface IntegrityState {
  state: "unchecked" | "checking" | "ok" | "failed";
  problems: string[];
  checkedAt: string | null;
}

/**
 * The boot's check, right after listen: a database with a damaged page keeps serving (most of it
 * is still readable, and the people who can restore it need the page), but loudly — /readyz 503,
 * an error log line every hour, the red banner for admins and super users — until it is restored.
 */
export function startIntegrityCheck(deps: Pick<Deps, "config">, state: IntegrityState = integrityOf(deps)): Promise<IntegrityState> {
  state.state = "checking";
  return checkIntegrityOffThread(deps.config.dbPath).then((r) => {
    state.checkedAt = new Date().toISOString();
    if (r.unchecked) {
      state.state = "unchecked";
      log.warn("database integrity check did not run", { reason: r.problems[0] });
    } else if (r.ok) {
      state.state = "ok";
      log.info("database integrity ok", { ms: r.ms });
    } else {
      state.state = "failed";
      state.problems = r.problems;
      const shout = () =>
        log.error(
          "DATABASE DAMAGED: quick_check failed; /readyz answers 503. Stop Balcão and restore a backup (balcao restore <archive>); balcao doctor shows the damage",
          {
            problems: r.problems.slice(0, 5),
          },
        );
      shout();
      setInterval(shout, 3600_000).unref?.();
    }
    return state;
  });
}

const states = new WeakMap<object, IntegrityState>();

/** The integrity state of these deps' database (one per process and database). */
export function integrityOf(deps: Pick<Deps, "config">): IntegrityState {
  let s = states.get(deps);
  if (!s) {
    s = { state: "unchecked", problems: [], checkedAt: null };
    states.set(deps, s);
  }
  return s;
}
