import { and, eq, ne } from "drizzle-orm";
import type { ConnectionCreateInput, ConnectionUpdateInput } from "../../contract/schemas/connections";
import { audit, diffFields } from "../audit";
import type { Ctx, Deps } from "../../core/deps";
import { AppError, forbidden, notFound } from "../../core/errors";
import { nowIso } from "../../lib/dates";
import { rooms } from "../../contract/rooms";
import { getCompanyPlan } from "../companies";
import { queuesByIds } from "../queues";
import { assertGreetingRule } from "../queues";
import { serializeQueue } from "../queues";
import { canAddConnection, canControlSession, canEditConnection, canSeeNode, canSeeToken } from "./policy";
import {
  connectionQueues,
  connectionWithName,
  connectionWithToken,
  countConnections,
  findConnection,
  listCompanyConnections,
  queuesOfConnections,
} from "./queries";
import { type WhatsappRow, whatsappQueues, whatsapps } from "./schema";
import { publishConnection, publishSession, recordSessionStatus } from "./session";
import type { CloudApiInput } from "../../contract/schemas/connections";
import { serializeConnection } from "./serialize";

/** A connection of the caller's company, or 404 ERR_NO_WAPP_FOUND (for other modules too). */
export async function getConnection(ctx: Ctx, id: number): Promise<WhatsappRow> {
  const w = await findConnection(ctx.db, ctx.companyId, id);
  if (!w) throw notFound("ERR_NO_WAPP_FOUND");
  return w;
}

/** GET /whatsapp: every connection of the company with its queues and health line; tokens masked. */
export async function listConnections(ctx: Ctx) {
  const rows = await listCompanyConnections(ctx.db, ctx.companyId);
  const ids = rows.map((r) => r.id);
  const queues = await queuesOfConnections(ctx.db, ids);
  const accounts = await ctx.cloudApi.accounts(rows.filter((r) => r.channel === "cloudapi").map((r) => r.id));
  const placed = await placements(ctx);
  return rows.map((w) => serializeConnection(w, queues.get(w.id) ?? [], { cloudApi: accounts.get(w.id) ?? null, node: placed && (placed.get(w.id) ?? null) }));
}

/** Several nodes: where each session runs, for those who may see it (undefined: one box, or not theirs to see). */
async function placements(ctx: Ctx): Promise<Map<number, string> | undefined> {
  if (!canSeeNode(ctx.user)) return undefined;
  return (await ctx.sessions.placements()) ?? undefined;
}

/** GET /whatsapp/{id}: with its queues in menu order (orderQueue) and promptId; admins see the token. */
export async function showConnection(ctx: Ctx, id: number) {
  const w = await getConnection(ctx, id);
  const queues = (await connectionQueues(ctx.db, w.id)).map(serializeQueue);
  const lite = queues.map((q) => ({ id: q.id, name: q.name, color: q.color, greetingMessage: q.greetingMessage }));
  // Admins see what to paste into Meta's app settings (webhook path, verify token); secrets stay masked.
  const cloudApi = w.channel === "cloudapi" ? await ctx.cloudApi.account(w.id, { admin: canSeeToken(ctx.user) }) : null;
  const placed = await placements(ctx);
  return {
    ...serializeConnection(w, lite, { revealToken: canSeeToken(ctx.user), cloudApi, node: placed && (placed.get(w.id) ?? null) }),
    queues,
    prompt: null,
  };
}

async function assertUnique(ctx: Ctx, input: { name?: string; token?: string | null }, exceptId = 0) {
  if (input.name !== undefined && (await connectionWithName(ctx.db, ctx.companyId, input.name, exceptId))) {
    throw new AppError("ERR_CONNECTION_NAME_ALREADY_EXISTS", 409);
  }
  if (input.token && (await connectionWithToken(ctx.db, input.token, exceptId))) {
    throw new AppError("ERR_CONNECTION_TOKEN_ALREADY_EXISTS", 409);
  }
}

/** Queue ids must be the company's own. */
async function checkQueues(ctx: Ctx, list: number[]) {
  const ids = [...new Set(list)];
  if (!ids.length) return;
  if ((await queuesByIds(ctx.db, ctx.companyId, ids)).length !== ids.length) throw notFound("ERR_NO_QUEUE_FOUND");
}

/** A new Cloud API connection needs its credentials (field errors name the missing ones). */
function requireCloudInput(ctx: Ctx, input: CloudApiInput | undefined): Promise<CloudApiInput> {
  if (input) return ctx.cloudApi.resolveCredentials(input);
  const fields = Object.fromEntries(["phoneNumberId", "wabaId", "accessToken", "appSecret"].map((k) => [`cloudApi.${k}`, "validation.required"]));
  throw new AppError("ERR_VALIDATION", 400, { fields });
}

const SETTINGS = [
  "greetingMessage",
  "complationMessage",
  "outOfHoursMessage",
  "ratingMessage",
  "provider",
  "promptId",
  "integrationId",
  "sendIdQueue",
  "timeSendQueue",
  "maxUseBotQueues",
  "timeUseBotQueues",
  "expiresTicket",
  "expiresInactiveMessage",
  "historyDays",
] as const;

function settingsPatch(input: ConnectionUpdateInput): Partial<WhatsappRow> {
  const patch: Record<string, unknown> = {};
  for (const k of SETTINGS) if (input[k] !== undefined) patch[k] = input[k];
  if (input.provider === "") patch.provider = "beta";
  return patch as Partial<WhatsappRow>;
}

/** Unsets the previous default (inside the caller's transaction); answers the rows that changed. */
async function unsetOtherDefaults(db: Ctx["db"], companyId: number, keepId: number) {
  return await db
    .update(whatsapps)
    .set({ isDefault: false, updatedAt: nowIso() })
    .where(and(eq(whatsapps.companyId, companyId), ne(whatsapps.id, keepId), eq(whatsapps.isDefault, true)))
    .returning();
}

/**
 * POST /whatsapp (admins): the plan's connection count is a hard limit; names are unique in the
 * company and tokens everywhere; more than one queue needs a greeting. The first connection is the
 * default; a later one asking for isDefault takes the flag from the previous default. The session
 * starts at once (a sandbox connects immediately; WhatsApp shows QR codes).
 */
const target = (w: { id: number; name: string }) => ({ type: "connection", id: w.id, label: w.name });

export async function createConnection(ctx: Ctx, input: ConnectionCreateInput) {
  if (!canAddConnection(ctx.user)) throw forbidden();
  const plan = await getCompanyPlan(ctx.db, ctx.companyId);
  const existing = await countConnections(ctx.db, ctx.companyId);
  if (plan && existing >= plan.plan.connections) throw new AppError("ERR_PLAN_LIMIT_CONNECTIONS", 400, { limit: plan.plan.connections });
  await assertUnique(ctx, input);
  await ctx.hooks.assertBotRefs(ctx, input);
  const queueIds = input.queueIds ?? [];
  await checkQueues(ctx, [...queueIds, ...(input.sendIdQueue ? [input.sendIdQueue] : [])]);
  assertGreetingRule(queueIds.length, input.greetingMessage);
  const channel = input.channel ?? "baileys";
  // A Cloud API number is checked with Meta (one call) before anything is saved.
  const cloud = channel === "cloudapi" ? await requireCloudInput(ctx, input.cloudApi) : null;
  const verified = cloud ? await ctx.cloudApi.verifyCredentials(cloud) : null;
  const now = nowIso();
  const isDefault = existing === 0 || !!input.isDefault;
  const { row, unset } = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Ctx["db"];
    // The plan's limit holds under parallel creation: counted again where the row is written.
    if (plan && (await countConnections(db, ctx.companyId)) >= plan.plan.connections)
      throw new AppError("ERR_PLAN_LIMIT_CONNECTIONS", 400, { limit: plan.plan.connections });
    const unset = isDefault ? await unsetOtherDefaults(db, ctx.companyId, 0) : [];
    const row = (
      await db
        .insert(whatsapps)
        .values({
          ...settingsPatch(input),
          companyId: ctx.companyId,
          name: input.name,
          channel,
          status: channel === "baileys" ? "OPENING" : "DISCONNECTED",
          isDefault,
          token: input.token || null,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
    )[0];
    if (queueIds.length) await db.insert(whatsappQueues).values(queueIds.map((queueId) => ({ whatsappId: row.id, queueId })));
    if (cloud) await ctx.cloudApi.saveCredentials(db, { connectionId: row.id, companyId: ctx.companyId }, cloud, verified);
    await audit(ctx, "connection.created", target(row), diffFields(null, { name: row.name, channel: row.channel, isDefault: row.isDefault, queueIds }), tx);
    return { row, unset };
  });
  for (const u of unset) await publishConnection(ctx, u);
  await publishConnection(ctx, row);
  void ctx.sessions.start(row);
  return showConnection(ctx, row.id);
}

/**
 * PUT /whatsapp/{id} (admins): settings, name, token, queues (re-associated when queueIds is given)
 * and the default flag (taking it from the previous default; the only default cannot drop it:
 * ERR_NO_OTHER_WHATSAPP). A changed channel restarts the session on the new transport.
 */
export async function updateConnection(ctx: Ctx, id: number, input: ConnectionUpdateInput) {
  if (!canEditConnection(ctx.user)) throw forbidden();
  const before = await getConnection(ctx, id);
  // A Cloud API connection stays one (its number and webhook belong to it); others cannot become one.
  if (input.channel !== undefined && input.channel !== before.channel && (input.channel === "cloudapi" || before.channel === "cloudapi")) {
    throw new AppError("ERR_VALIDATION", 400, { fields: { channel: "validation.channelFixed" } });
  }
  await assertUnique(ctx, input, id);
  await ctx.hooks.assertBotRefs(ctx, input);
  const queueIds = input.queueIds ?? (await connectionQueues(ctx.db, id)).map((q) => q.id);
  await checkQueues(ctx, [...(input.queueIds ?? []), ...(input.sendIdQueue ? [input.sendIdQueue] : [])]);
  assertGreetingRule(queueIds.length, input.greetingMessage ?? before.greetingMessage);
  if (input.isDefault === false && before.isDefault) throw new AppError("ERR_NO_OTHER_WHATSAPP", 400);
  // New Cloud API credentials are checked with Meta first; the masked secrets sent back keep the stored ones.
  const cloud = before.channel === "cloudapi" && input.cloudApi ? await ctx.cloudApi.resolveCredentials(input.cloudApi, id) : null;
  const recheck = !!cloud && (await ctx.cloudApi.credentialsChanged(cloud, id));
  const verified = cloud && recheck ? await ctx.cloudApi.verifyCredentials(cloud, id) : null;
  const patch: Partial<WhatsappRow> = { ...settingsPatch(input), updatedAt: nowIso() };
  if (input.name !== undefined) patch.name = input.name;
  if (input.token !== undefined) patch.token = input.token || null;
  if (input.channel !== undefined) patch.channel = input.channel;
  if (input.isDefault) patch.isDefault = true;
  const { row, unset } = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Ctx["db"];
    const unset = input.isDefault && !before.isDefault ? await unsetOtherDefaults(db, ctx.companyId, id) : [];
    const row = (
      await db
        .update(whatsapps)
        .set(patch)
        .where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.id, id)))
        .returning()
    )[0];
    if (input.queueIds) {
      await db.delete(whatsappQueues).where(eq(whatsappQueues.whatsappId, id));
      if (input.queueIds.length) await db.insert(whatsappQueues).values(input.queueIds.map((queueId) => ({ whatsappId: id, queueId })));
    }
    if (cloud && recheck) await ctx.cloudApi.saveCredentials(db, { connectionId: id, companyId: ctx.companyId }, cloud, verified);
    const { updatedAt: _, ...fields } = patch;
    await audit(ctx, "connection.updated", target(row), diffFields(before, { ...fields, ...(input.queueIds && { queueIds: input.queueIds }) }), tx);
    return { row, unset };
  });
  for (const u of unset) await publishConnection(ctx, u);
  await publishConnection(ctx, row);
  // New credentials take effect at once: the session starts again with them.
  if (recheck) {
    await ctx.sessions.stop(id);
    void ctx.sessions.start(row);
  }
  if (input.channel !== undefined && input.channel !== before.channel) {
    const sup = ctx.sessions;
    await sup.logout(id);
    void sup.start(row);
  }
  return showConnection(ctx, id);
}

/**
 * DELETE /whatsapp/{id} (admins): the session ends and its stored credentials go; a deleted default
 * hands the flag to the oldest remaining connection, so a default exists while any connection does.
 * Tickets keep their history (their connection becomes empty); users lose it as their default.
 */
export async function deleteConnection(ctx: Ctx, id: number) {
  if (!canEditConnection(ctx.user)) throw forbidden();
  const w = await getConnection(ctx, id);
  const promoted = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Ctx["db"];
    await ctx.hooks.connectionDeleting(db, ctx.companyId, id, nowIso());
    await db.delete(whatsapps).where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.id, id)));
    await audit(ctx, "connection.deleted", target(w), undefined, tx);
    if (!w.isDefault) return undefined;
    const next = (await db.select().from(whatsapps).where(eq(whatsapps.companyId, ctx.companyId)).orderBy(whatsapps.id).limit(1))[0];
    if (!next) return undefined;
    return (await db.update(whatsapps).set({ isDefault: true, updatedAt: nowIso() }).where(eq(whatsapps.id, next.id)).returning())[0];
  });
  ctx.hub.publish(rooms.main(ctx.companyId), { channel: "whatsapp", action: "delete", whatsappId: id });
  if (promoted) await publishConnection(ctx, promoted);
  await ctx.sessions.logout(id);
}

/** POST /whatsappsession/{id}: starts (or resumes from stored credentials) the session. */
export async function startSession(ctx: Ctx, id: number) {
  if (!canControlSession(ctx.user)) throw forbidden();
  const w = await getConnection(ctx, id);
  await audit(ctx, "connection.started", target(w));
  await ctx.sessions.start(w, { force: true });
  return { message: "Starting session." };
}

/**
 * PUT /whatsappsession/{id}: a new QR (stored credentials cleared, then start), or with
 * `pairingNumber` a pairing code for that phone number (shown on the PAIRING session frame).
 */
export async function refreshSession(ctx: Ctx, id: number, pairingNumber?: string) {
  if (!canControlSession(ctx.user)) throw forbidden();
  const w = await getConnection(ctx, id);
  const row = (
    await ctx.db
      .update(whatsapps)
      .set({ qrcode: "", pairingCode: "", retries: 0, pairingNumber: pairingNumber ?? "", updatedAt: nowIso() })
      .where(eq(whatsapps.id, w.id))
      .returning()
  )[0];
  await audit(ctx, "connection.restarted", target(w), pairingNumber ? { pairing: [null, "code"] } : undefined);
  publishSession(ctx, row);
  const sup = ctx.sessions;
  await sup.stop(id);
  await sup.removeAuth(id);
  await sup.start(row, { fresh: true, force: true, ...(pairingNumber ? { pairingNumber } : {}) });
  return { message: "Starting session." };
}

/** DELETE /whatsappsession/{id}: logout (credentials removed) → DISCONNECTED. */
export async function endSession(ctx: Ctx, id: number) {
  if (!canControlSession(ctx.user)) throw forbidden();
  const w = await getConnection(ctx, id);
  await audit(ctx, "connection.disconnected", target(w));
  await ctx.sessions.logout(id);
  await recordSessionStatus(ctx, { connectionId: w.id, companyId: w.companyId }, "DISCONNECTED", { retries: 0 });
  return { message: "Session disconnected." };
}

/**
 * The connection to send through when none is given (R-CONN-8): the user's own connection
 * when CONNECTED, else the company's default when CONNECTED, else any CONNECTED one;
 * none → ERR_NO_DEF_WAPP_FOUND.
 */
export async function resolveSendingConnection(deps: Deps, companyId: number, userWhatsappId?: number | null): Promise<WhatsappRow> {
  const all = (await listCompanyConnections(deps.db, companyId)).filter((w) => w.status === "CONNECTED");
  const found = all.find((w) => w.id === userWhatsappId) ?? all.find((w) => w.isDefault) ?? all[0];
  if (!found) throw new AppError("ERR_NO_DEF_WAPP_FOUND", 404);
  return found;
}
