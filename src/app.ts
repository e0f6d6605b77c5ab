import { type AnyElysia, Elysia } from "elysia";
import type { Config } from "./config";
import type { DB } from "./db/client";
import { createInboundSpool } from "./bot";
import { ConnectionSupervisor } from "./channels/wiring";
import type { Deps } from "./http/context";
import { type Clock, systemClock } from "./lib/clock";
import { createOutbound, type Resolver } from "./lib/net/guard";
import { CredentialCache } from "./lib/credential-cache";
import { ReadCache, sqliteVersion } from "./db/read-cache";
import { AppError, errorResponse } from "./http/errors";
import { AttemptLimiter, LoginThrottle } from "./http/rate-limit";
import { serveSpa } from "./http/spa";
import { bodyLimit } from "./http/body-limit";
import { authRoutes } from "./modules/auth/routes";
import { securityRoutes } from "./modules/auth/routes-security";
import { companiesRoutes } from "./modules/companies/routes";
import { plansRoutes } from "./modules/plans/routes";
import { invoicesRoutes } from "./modules/invoices/routes";
import { helpsRoutes } from "./modules/helps/routes";
import { dashboardRoutes } from "./modules/dashboard/routes";
import { settingsRoutes } from "./modules/settings/routes";
import { usersRoutes } from "./modules/users/routes";
import { contactsRoutes } from "./modules/contacts/routes";
import { queuesRoutes } from "./modules/queues/routes";
import { queueOptionsRoutes } from "./modules/queue-options/routes";
import { tagsRoutes } from "./modules/tags/routes";
import { quickMessagesRoutes } from "./modules/quick-messages/routes";
import { filesRoutes } from "./modules/files/routes";
import { schedulesRoutes } from "./modules/schedules/routes";
import { chatsRoutes } from "./modules/chats/routes";
import { announcementsRoutes, publicFilesRoutes } from "./modules/announcements/routes";
import { mediaRoutes } from "./http/uploads";
import { Hub } from "./realtime/hub";
import { wsRoutes } from "./realtime/ws";
import { createScheduler } from "./jobs";
import { jobsRoutes } from "./jobs/routes";
import { ticketsRoutes } from "./modules/tickets/routes";
import { messagesRoutes } from "./modules/messages/routes";
import { ticketNotesRoutes } from "./modules/ticket-notes/routes";
import { connectionsRoutes } from "./modules/connections/routes";
import { sandboxRoutes } from "./channels/sandbox/routes";
import { cloudApiRoutes } from "./channels/cloudapi/routes";
import { contactListsRoutes } from "./modules/contact-lists/routes";
import { campaignsRoutes } from "./modules/campaigns/routes";
import { installOps, opsRoutes, withOps } from "./ops";
import { backupsRoutes, storageRoutes } from "./ops/routes";
import { currentRequest } from "./ops/request-context";
import { isStorageFullError, storageGuard } from "./ops/storage";
import { logThrottled } from "./ops/throttle";
import { externalApiRoutes } from "./modules/external-api/routes";
import { openapiRoutes } from "./http/openapi";
import { integrationsRoutes } from "./modules/integrations/routes";
import { promptsRoutes } from "./modules/prompts/routes";
import { auditRoutes } from "./modules/audit/routes";
import { Notifier } from "./modules/notifications/notifier";
import { notificationsRoutes } from "./modules/notifications/routes";
import { todosRoutes } from "./modules/todos/routes";
import { LIMITS } from "./contract/limits";
import pkg from "../package.json";

/** Builds the process dependencies from an open database and config. */
/**
 * The prototype of `deps`. Elysia deep-merges plain objects it decorates, and every module's routes
 * decorate `deps`: about 300 ms of CPU at boot (and in every test file). An object whose prototype
 * has an enumerable key counts as class-like and is taken as is (elysia/dist/utils.mjs `isClass`).
 */
const DEPS_PROTO = Object.freeze({ kind: "deps" });

export function createDeps(db: DB, config: Config, opts: { hub?: Hub; clock?: Clock; resolve?: Resolver } = {}): Deps {
  const deps = Object.assign(Object.create(DEPS_PROTO), {
    db,
    hub: opts.hub ?? new Hub(),
    config,
    clock: opts.clock ?? systemClock,
    outbound: createOutbound({ allow: config.outboundAllow, resolve: opts.resolve }),
    credentials: new CredentialCache(),
    reads: new ReadCache(sqliteVersion(db)),
    jobs: { list: () => [], runNow: async () => false },
    limiters: {
      login: new LoginThrottle(),
      signup: new AttemptLimiter(20, 60 * 60_000),
      api: new AttemptLimiter(LIMITS.apiSendsPerMinute, 60_000),
      passkey: new AttemptLimiter(30, 60_000),
    },
  } as Omit<Deps, "sessions" | "channels" | "inboundSpool" | "notifier">) as Deps;
  // The supervisor and the spool hold these same deps: wire them in once, explicitly.
  deps.sessions = new ConnectionSupervisor(deps);
  deps.channels = deps.sessions.registry;
  deps.inboundSpool = createInboundSpool(deps);
  deps.jobs = createScheduler(deps);
  deps.notifier = new Notifier(deps);
  installOps(deps);
  return deps;
}

/** The error envelope: domain errors by code, a full disk as 507, anything else 500 with a request id. */
function answerError(code: string | number, error: unknown, request: Request): Response {
  // Errors of the body-limit parse hook (413, 401) reach us wrapped in Elysia's ParseError.
  if (code === "PARSE" && (error as Error)?.cause instanceof AppError) error = (error as Error).cause;
  if (error instanceof AppError) {
    const headers: Record<string, string> = {};
    if (error.status === 429 && error.params?.retryAfter) headers["retry-after"] = String(error.params.retryAfter);
    return errorResponse(error.code, error.status, error.params, headers);
  }
  if (code === "NOT_FOUND") return errorResponse("ERR_NOT_FOUND", 404);
  if (code === "PARSE" || code === "VALIDATION" || code === "INVALID_COOKIE_SIGNATURE") {
    return errorResponse("ERR_VALIDATION", 400);
  }
  if (isStorageFullError(error)) {
    storageGuard()?.onFullDisk();
    logThrottled("error", "storage-full", "write refused: the data disk is full", { method: request.method, url: request.url });
    return errorResponse("ERR_STORAGE_FULL", 507);
  }
  const requestId = currentRequest()?.id ?? crypto.randomUUID();
  // Repeated identical failures are logged once a minute with a count, not once per request.
  logThrottled("error", `unhandled:${String(error)}`, "unhandled error", {
    requestId,
    method: request.method,
    url: request.url,
    err: String(error),
    stack: (error as Error)?.stack,
  });
  return errorResponse("ERR_INTERNAL", 500, { requestId });
}

/**
 * Every module's routes, in mounting order. A new module adds its plugin here. The list is typed
 * as plain plugins on purpose: nothing reads the merged route types, and chaining ~40 route groups'
 * types exceeds the compiler's instantiation depth.
 */
const moduleRoutes = (deps: Deps): AnyElysia[] => [
  opsRoutes(deps),
  authRoutes(deps),
  securityRoutes(deps),
  usersRoutes(deps),
  companiesRoutes(deps),
  plansRoutes(deps),
  invoicesRoutes(deps),
  helpsRoutes(deps),
  dashboardRoutes(deps),
  settingsRoutes(deps),
  contactsRoutes(deps),
  queuesRoutes(deps),
  queueOptionsRoutes(deps),
  tagsRoutes(deps),
  quickMessagesRoutes(deps),
  filesRoutes(deps),
  schedulesRoutes(deps),
  chatsRoutes(deps),
  announcementsRoutes(deps),
  publicFilesRoutes(deps),
  mediaRoutes(deps),
  ticketsRoutes(deps),
  messagesRoutes(deps),
  ticketNotesRoutes(deps),
  connectionsRoutes(deps),
  sandboxRoutes(deps),
  cloudApiRoutes(deps),
  contactListsRoutes(deps),
  campaignsRoutes(deps),
  externalApiRoutes(deps),
  integrationsRoutes(deps),
  promptsRoutes(deps),
  auditRoutes(deps),
  notificationsRoutes(deps),
  todosRoutes(deps),
  openapiRoutes(),
  jobsRoutes(deps),
  backupsRoutes(deps),
  storageRoutes(deps),
  wsRoutes(deps),
];

/**
 * Composes the HTTP app: SPA, error envelope, authentication (deny by default) and every module's
 * routes. Tests call `app.handle(request)` on it.
 */
export function buildApp(deps: Deps) {
  // systemRouter off: Elysia would otherwise hand every route to Bun's native router, whose handlers
  // bypass `app.fetch`, and so the request scope (x-request-id, request metrics) that withOps wraps
  // around it; only tests' `app.handle` went through it. Now the listening server does too.
  let app: AnyElysia = new Elysia({ systemRouter: false })
    .onRequest(({ request }) => serveSpa(request) ?? undefined)
    .onError(({ code, error, request }) => answerError(code, error, request))
    .use(bodyLimit(deps))
    .get("/version", () => ({ version: pkg.version }))
    .get("/health", () => ({ ok: true }));
  for (const routes of moduleRoutes(deps)) app = app.use(routes);
  return withOps(deps, app);
}

export type App = ReturnType<typeof buildApp>;
