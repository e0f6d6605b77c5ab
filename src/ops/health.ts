/**
 * Operator endpoints and per-request plumbing: `GET /healthz` (the process answers), `GET /readyz`
 * (database writable, migrations done, data disk not low, the boot's integrity check not failed), `GET /metrics` (Prometheus text, for super
 * users or the METRICS_TOKEN bearer), the `x-request-id` header on every answer and request metrics.
 */
import { can } from "../contract/permissions";
import { timingSafeEqual } from "node:crypto";
import { Elysia } from "elysia";
import { loadMigrations } from "../db/migrate";
import { authenticate } from "../http/auth";
import type { Deps } from "../http/context";
import { AppError } from "../http/errors";
import { integrityOf } from "./integrity";
import { type Metrics, renderMetrics } from "./metrics";
import { storageGuard } from "./storage";

/** The readiness checks, each true when it passes. */
export function readiness(deps: Deps) {
  let dbWritable = false;
  try {
    // Takes the write lock (fails on a read-only or locked database) and writes nothing.
    deps.db.sqlite.exec("BEGIN IMMEDIATE");
    deps.db.sqlite.exec("ROLLBACK");
    dbWritable = true;
  } catch {
    dbWritable = false;
  }
  let migrated = false;
  try {
    const applied = deps.db.sqlite.query<{ n: number }, []>("SELECT count(*) AS n FROM __drizzle_migrations").get()?.n ?? 0;
    migrated = applied >= loadMigrations().length;
  } catch {
    migrated = false;
  }
  const storage = storageGuard()?.status().state ?? "ok";
  const integrity = integrityOf(deps).state;
  return { dbWritable, migrated, storage, integrity, ready: dbWritable && migrated && storage === "ok" && integrity !== "failed" };
}

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
    .get("/readyz", ({ set }) => {
      const r = readiness(deps);
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
