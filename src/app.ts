import { type AnyElysia, Elysia } from "elysia";
import type { Config } from "./config";
import type { DB } from "./core/db";
import { createInboundSpool } from "./inbound/receive";
import type { InboundSpool } from "./inbound/spool";
import { ConnectionSupervisor } from "./inbound/supervisor";
import { baileysKind } from "./channels/baileys/lazy";
import { cloudApiKind } from "./channels/cloudapi/kind";
import { cloudApiChannel } from "./channels/cloudapi/service";
import { sandboxKind } from "./channels/sandbox/kind";
import { sandboxChannel } from "./channels/sandbox/service";
import type { ChannelKind } from "./core/channel";
import type { Deps } from "./core/deps";
import { type Clock, systemClock } from "./lib/clock";
import { createOutbound, type Resolver } from "./lib/net/guard";
import { CredentialCache } from "./lib/credential-cache";
import { MemoryCache, MemoryClaims, MemoryThrottle } from "./lib/memory-cache";
import { databaseVersion, ReadCache } from "./db/read-cache";
import { BlobStoreUnavailableError } from "./lib/blob-store";
import { openBlobStore } from "./lib/blob-store-open";
import { AppError } from "./core/errors";
import { errorResponse } from "./http/errors";
import { AttemptLimiter } from "./http/rate-limit";
import { createLimiters, LocalLimiter } from "./cluster/limiter";
import { PgLimiter } from "./cluster/limiter-pg";
import { pgClientOf } from "./db/pg-client";
import { FenceBook } from "./db/leases";
import { PgLeaseStore } from "./db/leases-pg";
import { type CommandBus, type SessionCommand, SessionCluster } from "./inbound/session-cluster";
import { serveSpa } from "./http/spa";
import { bodyLimit } from "./http/body-limit";
import { authRoutes } from "./http/routes/auth";
import { securityRoutes } from "./http/routes/auth-security";
import { companiesRoutes } from "./http/routes/companies";
import { plansRoutes } from "./http/routes/plans";
import { invoicesRoutes } from "./http/routes/invoices";
import { helpsRoutes } from "./http/routes/helps";
import { dashboardRoutes } from "./http/routes/dashboard";
import { settingsRoutes } from "./http/routes/settings";
import { usersRoutes } from "./http/routes/users";
import { contactsRoutes } from "./http/routes/contacts";
import { queuesRoutes } from "./http/routes/queues";
import { queueOptionsRoutes } from "./http/routes/queue-options";
import { tagsRoutes } from "./http/routes/tags";
import { quickMessagesRoutes } from "./http/routes/quick-messages";
import { filesRoutes } from "./http/routes/files";
import { schedulesRoutes } from "./http/routes/schedules";
import { chatsRoutes } from "./http/routes/chats";
import { announcementsRoutes, publicFilesRoutes } from "./http/routes/announcements";
import { mediaRoutes } from "./http/routes/media";
import { Hub } from "./realtime/hub";
import { wsRoutes } from "./http/routes/ws";
import { createScheduler } from "./jobs";
import { jobsRoutes } from "./http/routes/jobs";
import { ticketsRoutes } from "./http/routes/tickets";
import { messagesRoutes } from "./http/routes/messages";
import { ticketNotesRoutes } from "./http/routes/ticket-notes";
import { connectionsRoutes } from "./http/routes/connections";
import { sandboxRoutes } from "./http/routes/sandbox";
import { cloudApiRoutes } from "./http/routes/cloudapi";
import { contactListsRoutes } from "./http/routes/contact-lists";
import { campaignsRoutes } from "./http/routes/campaigns";
import { installOps, opsOf, withOps } from "./ops";
import { healthRoutes } from "./http/routes/health";
import { backupsRoutes, storageRoutes } from "./http/routes/ops";
import { currentRequest } from "./ops/request-context";
import { isStorageFullError } from "./core/storage";
import { StorageGuard } from "./ops/storage";
import { logThrottled } from "./lib/log-throttle";
import { externalApiRoutes } from "./http/routes/external-api";
import { openapiRoutes } from "./http/openapi";
import { integrationsRoutes } from "./http/routes/integrations";
import { promptsRoutes } from "./http/routes/prompts";
import { auditRoutes } from "./http/routes/audit";
import { Notifier } from "./modules/notifications";
import { createOutbox } from "./modules/messages";
import { createHooks } from "./hooks";
import { notificationsRoutes } from "./http/routes/notifications";
import { todosRoutes } from "./http/routes/todos";
import { ClusterCache } from "./cluster/cache";
import type { OpenNode } from "./node";
import { topicOf } from "./realtime/bus";
import pkg from "../package.json";

/** Builds the process dependencies from an open database and config. */
/**
 * The prototype of `deps`. Elysia deep-merges plain objects it decorates, and every module's routes
 * decorate `deps`: about 300 ms of CPU at boot (and in every test file). An object whose prototype
 * has an enumerable key counts as class-like and is taken as is (elysia/dist/utils.mjs `isClass`).
 */
const DEPS_PROTO = Object.freeze({ kind: "deps" });

/**
 * Deps as the composition root built them: the same object, typed with the implementations (tests
 * reach the supervisor's registry, the notifier's timers, the hub's rooms).
 */
export interface AppDeps extends Deps {
  reads: ReadCache;
  hub: Hub;
  sessions: ConnectionSupervisor;
  inboundSpool: InboundSpool;
  notifier: Notifier;
  storage: StorageGuard;
}

/**
 * `node`: this process as one node of several on PostgreSQL (src/node.ts, opened by main.ts): the hub's frames and
 * the settings cache's forgets cross to the other nodes over its bus, and jobs that run once take its job lock.
 */
export function createDeps(db: DB, config: Config, opts: { hub?: Hub; clock?: Clock; resolve?: Resolver; node?: OpenNode } = {}): AppDeps {
  const node = opts.node ?? null;
  const hub = opts.hub ?? new Hub();
  if (node) hub.attach(topicOf(node.bus, "hub"), topicOf(node.bus, "hub-control"));
  const deps = Object.assign(Object.create(DEPS_PROTO), {
    db,
    hub,
    node,
    config,
    clock: opts.clock ?? systemClock,
    outbound: createOutbound({ allow: config.outboundAllow, resolve: opts.resolve }),
    credentials: new CredentialCache(),
    caches: {
      // Several nodes: a settings write forgets the company's entry on every node (and entries expire after 10 s).
      settings: node ? new ClusterCache<number, ReadonlyMap<string, string>>("settings", node.topic("cache")) : new MemoryCache(),
      // What WhatsApp answered about a number: no write changes it, so each node keeps its own for the day.
      numberChecks: new MemoryCache(100_000),
    },
    claims: new MemoryClaims(),
    throttle: new MemoryThrottle(),
    // PostgreSQL: no version to key on (other nodes write too): every read computes (db/read-cache.ts says why).
    reads: new ReadCache(databaseVersion(db)),
    blobs: openBlobStore(config.blobs, config),
    // The server lays the ballast at boot (main.ts); the storage.check job keeps it.
    storage: new StorageGuard(config.dataDir, { lowBytes: config.storageLowBytes, ballastBytes: config.ballastBytes }),
    jobs: { list: () => [], runNow: async () => false },
    // PostgreSQL: the counts live in the database, so every node shares one budget (cluster/limiter-pg.ts).
    limiters: createLimiters((budget) =>
      db.engine === "pg" ? new PgLimiter(pgClientOf(db), budget) : new LocalLimiter(budget, new AttemptLimiter(budget.max, budget.windowMs)),
    ),
  } as Omit<AppDeps, "sessions" | "channels" | "inboundSpool" | "notifier" | "cloudApi" | "sandbox" | "outbox" | "hooks">) as AppDeps;
  // The supervisor and the spool hold these same deps: wire them in once, explicitly.
  deps.hooks = createHooks(deps);
  deps.outbox = createOutbox(deps);
  deps.cloudApi = cloudApiChannel(deps);
  deps.sandbox = sandboxChannel(deps);
  // PostgreSQL: the fencing tokens of the WhatsApp sessions this node runs under leases (main.ts attaches them).
  const fences = db.engine === "pg" ? new FenceBook() : undefined;
  deps.sessions = new ConnectionSupervisor(deps, channelKinds(deps, fences), fences);
  deps.channels = deps.sessions.registry;
  deps.inboundSpool = createInboundSpool(deps);
  deps.jobs = createScheduler(deps, node?.jobLock);
  deps.notifier = new Notifier(deps);
  installOps(deps);
  return deps;
}

/**
 * Several nodes on PostgreSQL: WhatsApp sessions run under leases from now on (one node per session), and people's
 * actions on a connection travel over `bus` to the node running it. Call before `deps.sessions.startAll()`.
 */
export function leaseSessions(
  deps: AppDeps,
  node: { nodeId: string; bus: CommandBus<SessionCommand> },
  opts?: ConstructorParameters<typeof SessionCluster>[4],
) {
  const store = new PgLeaseStore(pgClientOf(deps.db), { nodeId: node.nodeId, leaseMs: opts?.leaseMs });
  return new SessionCluster(deps, deps.sessions, store, node.bus, opts);
}

/** The kinds of channel a connection can be (the supervisor builds their adapters). */
export function channelKinds(deps: Pick<Deps, "db" | "hub" | "config" | "outbound" | "blobs">, fences?: FenceBook): Record<string, ChannelKind> {
  const { config } = deps;
  // Tests never reach the real WhatsApp: under NODE_ENV=test the baileys kind starts connections only with WA_WS_URL.
  const waEnabled = !config.isTest || !!config.waWsUrl;
  return {
    sandbox: sandboxKind(deps),
    cloudapi: cloudApiKind(deps),
    baileys: baileysKind(deps.db, { waWsUrl: config.waWsUrl, waTestRootKey: config.waTestRootKey, fences }, waEnabled),
  };
}

/** The error envelope: domain errors by code, a full disk as 507, anything else 500 with a request id. */
function answerError(storage: Deps["storage"], code: string | number, error: unknown, request: Request): Response {
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
  if (error instanceof BlobStoreUnavailableError) {
    // The bucket is down or misconfigured: the operator reads why in the log, the caller gets a clear 503.
    logThrottled("error", "blobs-unavailable", "file store unavailable", { method: request.method, url: request.url, err: error.message });
    return errorResponse("ERR_STORAGE_UNAVAILABLE", 503);
  }
  if (isStorageFullError(error)) {
    storage.onFullDisk();
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
  healthRoutes(deps, opsOf(deps).metrics),
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
    .onError(({ code, error, request }) => answerError(deps.storage, code, error, request))
    .use(bodyLimit(deps))
    .get("/version", () => ({ version: pkg.version }))
    .get("/health", () => ({ ok: true }));
  for (const routes of moduleRoutes(deps)) app = app.use(routes);
  return withOps(deps, app);
}

export type App = ReturnType<typeof buildApp>;
