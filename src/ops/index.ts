/**
 * Operations of one process: the storage guard, metrics and their HTTP side. `installOps(deps)` is
 * called once by createDeps; their HTTP side is `http/routes/health.ts`.
 */
import type { Deps } from "../core/deps";
import { setLogContext } from "../lib/logger";
import { Metrics } from "./metrics";
import { requestLogFields, withRequestScope } from "./request-context";
import { StorageGuard, setStorageGuard } from "./storage";

interface Ops {
  metrics: Metrics;
  storage: StorageGuard;
}

const installed = new WeakMap<Deps, Ops>();

/** Creates this process's storage guard and metrics; installs the guard globally (the server lays the ballast at boot). */
export function installOps(deps: Deps): Ops {
  const storage = new StorageGuard(deps.config.dataDir, { lowBytes: deps.config.storageLowBytes, ballastBytes: deps.config.ballastBytes });
  setStorageGuard(storage);
  const metrics = new Metrics();
  deps.hub.listen((p) => metrics.observeFrame(p));
  setLogContext(requestLogFields);
  const ops = { metrics, storage };
  installed.set(deps, ops);
  return ops;
}

/** The ops of these deps (installed on first use). */
export const opsOf = (deps: Deps): Ops => installed.get(deps) ?? installOps(deps);

/** Wraps the finished app: a request id on every answer and in its logs, and request metrics. */
export function withOps<T extends object>(deps: Deps, app: T): T {
  const { metrics } = opsOf(deps);
  return withRequestScope(app, (req, status, seconds) => metrics.observeRequest(req.method, status, seconds));
}
