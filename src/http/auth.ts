import { can } from "../contract/permissions";
import { Elysia } from "elysia";
import { isPastDue } from "../lib/dates";
import { featureEnabled } from "../modules/companies";
import { loadSessionUser } from "../modules/users";
import { accessSessionLive } from "../modules/auth";
import type { Ctx, Deps } from "../core/deps";
import { AppError } from "../core/errors";
import { clientIp } from "./ip";
import { isPublicRoute } from "./public-routes";
import { refusal, rightOf } from "./route-rights";
import { type AccessClaims, verifyToken } from "../modules/auth";

/** Routes a company whose subscription lapsed may still call (to see and pay its invoices). */
const LAPSED_ALLOWED = new Set([
  "GET /auth/me",
  "DELETE /auth/logout",
  "GET /invoices/all",
  "POST /subscription",
  "GET /companies/listPlan/:companyId",
  "GET /plans/list",
  "GET /helps/list",
]);

/**
 * Resolves the caller from the Bearer token for every route (deny by default): a missing token
 * answers 401 ERR_SESSION_EXPIRED, an invalid or expired one 403 (the web refreshes once and retries),
 * a token of an older session (tokenVersion) 401, a caller without the route's right 403
 * (route-rights.ts). Public routes are listed in public-routes.ts.
 */
export async function authenticate(deps: Deps, request: Request, route: string): Promise<Ctx | null> {
  if (isPublicRoute(request.method, route)) return null;
  const header = request.headers.get("authorization") ?? "";
  const token = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
  if (!token) throw new AppError("ERR_SESSION_EXPIRED", 401);
  const claims = await verifyToken<AccessClaims>(deps.config.jwtSecret, token);
  // A token of the older format (no session) is treated as expired: the web refreshes it with its cookie.
  if (!claims || typeof claims.sid !== "string") throw new AppError("ERR_SESSION_EXPIRED", 403);
  const found = await loadSessionUser(deps.db, claims.id);
  if (!found || found.tokenVersion !== claims.tv || !(await accessSessionLive(deps, found.user.companyId, claims.sid, claims.id))) {
    throw new AppError("ERR_SESSION_EXPIRED", 401);
  }
  const { user, company } = found;
  if (
    !can(user, "subscription:exempt") &&
    (!company.status || isPastDue(company.dueDate, deps.config.timezone)) &&
    !LAPSED_ALLOWED.has(`${request.method} ${route}`)
  ) {
    throw new AppError("ERR_SUBSCRIPTION_EXPIRED", 402, { dueDate: company.dueDate });
  }
  // the caller's right to the route, before its body is read or validated (route-rights.ts)
  const right = rightOf(request.method, route);
  const feature = right?.feature ? await featureEnabled(deps, user.companyId, right.feature) : false;
  const refused = right && refusal(user, right, () => feature);
  if (refused) throw new AppError(refused.code, 403, refused.feature ? { feature: refused.feature } : undefined);
  return { ...deps, companyId: user.companyId, user, sessionId: claims.sid };
}

/** Callers already authenticated by the body-limit hook (before the body was read), per request. */
const callers = new WeakMap<Request, Ctx | null>();

/** Remembers the caller of a request so the route's derive does not authenticate it twice. */
export function rememberCaller(request: Request, ctx: Ctx | null) {
  callers.set(request, ctx);
}

/**
 * The auth plugin every module's routes use. It decorates `deps` and derives `ctx` (the caller).
 * On public routes `ctx` is null at runtime: their handlers must not read it.
 */
export const authPlugin = (deps: Deps) =>
  new Elysia({ name: "auth" }).decorate("deps", deps).derive({ as: "global" }, async ({ request, route, server }) => {
    const ctx = callers.has(request) ? callers.get(request) : await authenticate(deps, request, route);
    if (ctx) ctx.address = clientIp(deps, request, server);
    return { ctx: ctx as Ctx };
  });
