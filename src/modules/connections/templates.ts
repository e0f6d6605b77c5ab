/** The message templates of a Cloud API connection, as its people see them (the channel keeps them: `deps.cloudApi`). */
import type { Ctx } from "../../core/deps";
import { forbidden, notFound } from "../../core/errors";
import { canEditConnection } from "./policy";
import { findConnection } from "./queries";

/** A Cloud API connection of the caller's company with its account, or 404. */
async function cloudConnection(ctx: Ctx, id: number) {
  const w = await findConnection(ctx.db, ctx.companyId, id);
  if (w?.channel !== "cloudapi" || !(await ctx.cloudApi.account(w.id))) throw notFound("ERR_NO_WAPP_FOUND");
  return w;
}

/** GET /whatsapp/{id}/templates: the approved templates (fetched first when stale) and when they were fetched. */
export async function listConnectionTemplates(ctx: Ctx, id: number) {
  const w = await cloudConnection(ctx, id);
  return ctx.cloudApi.templates(w.id, { refresh: false, now: ctx.clock.now() });
}

/** POST /whatsapp/{id}/templates/refresh (those who edit connections): fetched from Meta now. */
export async function refreshConnectionTemplates(ctx: Ctx, id: number) {
  if (!canEditConnection(ctx.user)) throw forbidden();
  const w = await cloudConnection(ctx, id);
  return ctx.cloudApi.templates(w.id, { refresh: true, now: ctx.clock.now() });
}
