import { Elysia } from "elysia";
import type { Config } from "./config";
import type { DB } from "./db/client";
import { createInboundSpool } from "./bot";
import { ConnectionSupervisor } from "./channels/wiring";
import type { Deps } from "./http/context";
import { type Clock, systemClock } from "./lib/clock";
import { AppError, errorResponse } from "./http/errors";
import { AttemptLimiter } from "./http/rate-limit";
import { serveSpa } from "./http/spa";
import { log } from "./lib/logger";
import { authRoutes } from "./modules/auth/routes";
import { companiesRoutes } from "./modules/companies/routes";
import { plansRoutes } from "./modules/plans/routes";
import { settingsRoutes } from "./modules/settings/routes";
import { usersRoutes } from "./modules/users/routes";
import { contactsRoutes } from "./modules/contacts/routes";
import { queuesRoutes } from "./modules/queues/routes";
import { queueOptionsRoutes } from "./modules/queue-options/routes";
import { tagsRoutes } from "./modules/tags/routes";
import { quickMessagesRoutes } from "./modules/quick-messages/routes";
import { filesRoutes } from "./modules/files/routes";
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
import { externalApiRoutes } from "./modules/external-api/routes";
import { openapiRoutes } from "./http/openapi";
import { integrationsRoutes } from "./modules/integrations/routes";
import { promptsRoutes } from "./modules/prompts/routes";
import { LIMITS } from "./contract/limits";
import pkg from "../package.json";

/** Builds the process dependencies from an open database and config. */
export function createDeps(db: DB, config: Config, opts: { hub?: Hub; clock?: Clock } = {}): Deps {
  const deps = {
    db,
    hub: opts.hub ?? new Hub(),
    config,
    clock: opts.clock ?? systemClock,
    jobs: { list: () => [], runNow: async () => false },
    limiters: {
      login: new AttemptLimiter(10, 15 * 60_000),
      signup: new AttemptLimiter(20, 60 * 60_000),
      api: new AttemptLimiter(LIMITS.apiSendsPerMinute, 60_000),
    },
  } as Omit<Deps, "sessions" | "channels" | "inboundSpool"> as Deps;
  // The supervisor and the spool hold these same deps: wire them in once, explicitly.
  deps.sessions = new ConnectionSupervisor(deps);
  deps.channels = deps.sessions.registry;
  deps.inboundSpool = createInboundSpool(deps);
  deps.jobs = createScheduler(deps);
  return deps;
}

/**
 * Composes the HTTP app: SPA, error envelope, authentication (deny by default) and every module's
 * routes. Tests call `app.handle(request)` on it.
 */
export function buildApp(deps: Deps) {
  return new Elysia()
    .onRequest(({ request }) => serveSpa(request) ?? undefined)
    .onError(({ code, error, request }) => {
      if (error instanceof AppError) {
        const headers: Record<string, string> = {};
        if (error.status === 429 && error.params?.retryAfter) headers["retry-after"] = String(error.params.retryAfter);
        return errorResponse(error.code, error.status, error.params, headers);
      }
      if (code === "NOT_FOUND") return errorResponse("ERR_NOT_FOUND", 404);
      if (code === "PARSE" || code === "VALIDATION" || code === "INVALID_COOKIE_SIGNATURE") {
        return errorResponse("ERR_VALIDATION", 400);
      }
      const requestId = crypto.randomUUID();
      log.error("unhandled error", { requestId, method: request.method, url: request.url, err: String(error), stack: (error as Error)?.stack });
      return errorResponse("ERR_INTERNAL", 500, { requestId });
    })
    .get("/version", () => ({ version: pkg.version }))
    .get("/health", () => ({ ok: true }))
    .use(authRoutes(deps))
    .use(usersRoutes(deps))
    .use(companiesRoutes(deps))
    .use(plansRoutes(deps))
    .use(settingsRoutes(deps))
    .use(contactsRoutes(deps))
    .use(queuesRoutes(deps))
    .use(queueOptionsRoutes(deps))
    .use(tagsRoutes(deps))
    .use(quickMessagesRoutes(deps))
    .use(filesRoutes(deps))
    .use(mediaRoutes(deps))
    .use(ticketsRoutes(deps))
    .use(messagesRoutes(deps))
    .use(ticketNotesRoutes(deps))
    .use(connectionsRoutes(deps))
    .use(sandboxRoutes(deps))
    .use(externalApiRoutes(deps))
    .use(integrationsRoutes(deps))
    .use(promptsRoutes(deps))
    .use(openapiRoutes())
    .use(jobsRoutes(deps))
    .use(wsRoutes(deps));
}

export type App = ReturnType<typeof buildApp>;
