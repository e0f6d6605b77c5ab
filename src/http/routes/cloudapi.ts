import { Elysia } from "elysia";
import * as v from "valibot";
import { IdParam } from "../../contract/schemas/common";
import { authPlugin } from "../auth";
import type { Ctx, Deps } from "../../core/deps";
import { AppError, forbidden, notFound, parse } from "../../core/errors";
import { canEditConnection } from "../../modules/connections/policy";
import { findConnection } from "../../modules/connections/queries";
import { findAccount } from "../../channels/cloudapi/accounts";
import { credentialError } from "../../channels/cloudapi/errors";
import { ensureTemplates, refreshTemplates, storedTemplates } from "../../channels/cloudapi/templates";
import { receiveWebhook, verifySubscription } from "../../channels/cloudapi/webhook";

const KeyParam = v.object({ key: v.pipe(v.string(), v.regex(/^[\w-]{16,64}$/)) });

/** A Cloud API connection of the caller's company, or 404 ERR_NO_WAPP_FOUND. */
function cloudConnection(ctx: Ctx, id: number) {
  const w = findConnection(ctx.db, ctx.companyId, id);
  const account = w?.channel === "cloudapi" ? findAccount(ctx.db, w.id) : undefined;
  if (!w || !account) throw notFound("ERR_NO_WAPP_FOUND");
  return { w, account };
}

/**
 * GET /whatsapp/{id}/templates (any user of the company: the chat's and the campaigns' template
 * choice): the approved templates, fetched again first when the stored copy is an hour old.
 */
export async function listConnectionTemplates(ctx: Ctx, id: number) {
  const { w } = cloudConnection(ctx, id);
  await ensureTemplates(ctx, w.id, ctx.clock.now());
  return { templates: storedTemplates(ctx.db, w.id), fetchedAt: findAccount(ctx.db, w.id)?.templatesFetchedAt ?? null };
}

/** POST /whatsapp/{id}/templates/refresh (admins: route-rights.ts and here): fetched from the account now; Meta's refusal answers its code. */
async function refreshConnectionTemplates(ctx: Ctx, id: number) {
  if (!canEditConnection(ctx.user)) throw forbidden();
  const { w } = cloudConnection(ctx, id);
  try {
    await refreshTemplates(ctx, w.id);
  } catch (e) {
    const { code } = credentialError(e);
    throw new AppError(code, code === "ERR_CLOUD_UNREACHABLE" ? 502 : 400);
  }
  return listConnectionTemplates(ctx, id);
}

/**
 * /cloudapi/webhook/{key}: Meta's calls, public and authenticated by the connection's verify token
 * (GET) and app secret signature (POST; its raw bytes are signed, so the body is read unparsed).
 * /whatsapp/{id}/templates: the connection's message templates.
 */
export const cloudApiRoutes = (deps: Deps) =>
  new Elysia()
    .get("/cloudapi/webhook/:key", ({ params, query }) => verifySubscription(deps, parse(KeyParam, params).key, query as Record<string, string | undefined>))
    .post(
      "/cloudapi/webhook/:key",
      async ({ params, body, request }) => {
        const raw = body instanceof ArrayBuffer ? new Uint8Array(body) : new Uint8Array(0);
        await receiveWebhook(deps, parse(KeyParam, params).key, raw, request.headers.get("x-hub-signature-256"));
        return "EVENT_RECEIVED";
      },
      { parse: "arrayBuffer" },
    )
    .use(authPlugin(deps))
    .get("/whatsapp/:id/templates", ({ ctx, params }) => listConnectionTemplates(ctx, parse(IdParam, params).id))
    .post("/whatsapp/:id/templates/refresh", ({ ctx, params }) => refreshConnectionTemplates(ctx, parse(IdParam, params).id));
