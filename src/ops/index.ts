/**
 * Operations of one process: metrics and the request scope. `installOps(deps)` is called once by
 * createDeps; their HTTP side is `http/routes/health.ts`. The storage guard is `deps.storage`.
 */
import type { Deps } from "../core/deps";
import { setLogContext } from "../lib/logger";
import { Metrics } from "./metrics";
import { requestLogFields, withRequestScope } from "./request-context";

interface Ops {
  metrics: Metrics;
}

const installed = new WeakMap<Deps, Ops>();

/** Creates the metrics of these deps (request and frame counters). */
export function installOps(deps: Deps): Ops {
  const metrics = new Metrics();
  deps.hub.listen((p) => metrics.observeFrame(p));
  setLogContext(requestLogFields);
  const ops = { metrics };
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
