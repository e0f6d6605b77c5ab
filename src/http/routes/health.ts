/**
 * Operator endpoints: `GET /healthz` (the process answers), `GET /readyz` (ops/health.ts readiness),
 * `GET /metrics` (Prometheus text, for super users or the METRICS_TOKEN bearer).
 */
import { timingSafeEqual } from "node:crypto";
import { can } from "../../contract/permissions";
import { Elysia } from "elysia";
import type { Deps } from "../../core/deps";
import { AppError } from "../../core/errors";
import { readiness } from "../../ops/health";
import { type Metrics, renderMetrics } from "../../ops/metrics";
import { authenticate } from "../auth";

function tokenMatches(expected: string | undefined, header: string | null) {
  if (!expected || !header?.startsWith("Bearer ")) return false;
  const a = Buffer.from(header.slice(7).trim());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** /healthz, /readyz and /metrics. */
export const healthRoutes = (deps: Deps, metrics: Metrics) =>
  new Elysia()
    .get("/healthz", () => ({ ok: true }))
    .get("/readyz", async ({ set }) => {
      const r = await readiness(deps);
      if (!r.ready) {
        set.status = 503;
        return { error: "ERR_NOT_READY", ...r };
      }
      return r;
    })
    .get("/metrics", async ({ request, set }) => {
      if (!tokenMatches(deps.config.metricsToken, request.headers.get("authorization"))) {
        // Not the scrape token: a signed-in super user (the same checks as every private route).
        const ctx = await authenticate(deps, request, "/metrics (super)");
        if (!can(ctx?.user, "metrics:view")) throw new AppError("ERR_NO_SUPER", 403);
      }
      set.headers["content-type"] = "text/plain; version=0.0.4; charset=utf-8";
      return renderMetrics(deps, metrics);
    });
