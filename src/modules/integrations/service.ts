import { eq } from "drizzle-orm";
import type { Page } from "../../contract/dto/common";
import type { IntegrationTestDto, QueueIntegrationDto } from "../../contract/dto/integrations";
import type { FramePayload } from "../../contract/frames";
import { LIMITS } from "../../contract/limits";
import { can } from "../../contract/permissions";
import type { QueueIntegrationInput } from "../../contract/schemas/integrations";
import { audit, diffFields } from "../audit";
import type { Ctx } from "../../core/deps";
import { AppError, forbidden, notFound } from "../../core/errors";
import { requireFeature } from "../companies";
import { nowIso } from "../../lib/dates";
import { log } from "../../lib/logger";
import { rooms } from "../../contract/rooms";
import { detectIntent, parseServiceAccount } from "./dialogflow";
import { ExternalError } from "./http";
import { findIntegration, integrationInUse, integrationNameTaken, pageIntegrations, type QueueIntegrationRow } from "./queries";
import { queueIntegrations } from "./schema";
import { startTypebot } from "./typebot";
import { callWebhook } from "./webhook";

const PAGE = LIMITS.pageSize;
/** What a stored private key looks like when read back; sent back unchanged, the stored key is kept. */
export const SECRET_MASK = "••••••••";

/** The service-account JSON with its private key masked (the rest stays readable for the form). */
function maskJson(json: string): string {
  if (!json) return "";
  try {
    const k = JSON.parse(json) as Record<string, unknown>;
    if (typeof k.private_key === "string") k.private_key = SECRET_MASK;
    return JSON.stringify(k, null, 2);
  } catch {
    return SECRET_MASK;
  }
}

/** The public shape of an integration. */
export function serializeIntegration(r: QueueIntegrationRow): QueueIntegrationDto {
  const { jsonContent, ...rest } = r;
  return { ...rest, jsonContent: maskJson(jsonContent) };
}

const publish = (ctx: Ctx, frame: FramePayload<"queueIntegration">) => ctx.hub.publish(rooms.main(ctx.companyId), { channel: "queueIntegration", ...frame });

async function gate(ctx: Ctx) {
  await requireFeature(ctx, "useIntegrations");
  if (!can(ctx.user, "integrations:manage")) throw forbidden();
}

async function getIntegration(ctx: Ctx, id: number) {
  const r = await findIntegration(ctx.db, ctx.companyId, id);
  if (!r) throw notFound("ERR_NO_INTEGRATION_FOUND");
  return r;
}

/** A masked key sent back keeps the stored one; anything else replaces it. */
function restoreKey(incoming: string, stored: string): string {
  if (!incoming.includes(SECRET_MASK)) return incoming;
  try {
    const k = JSON.parse(incoming) as Record<string, unknown>;
    const old = JSON.parse(stored) as Record<string, unknown>;
    if (k.private_key === SECRET_MASK) k.private_key = old.private_key;
    return JSON.stringify(k);
  } catch {
    return stored;
  }
}

/** The token_uri a (possibly masked) service-account JSON names, or null. */
function tokenUriOf(json: string): string | null {
  try {
    const uri = (JSON.parse(json) as { token_uri?: unknown }).token_uri;
    return typeof uri === "string" && uri ? uri : null;
  } catch {
    return null;
  }
}

/**
 * The fields each type needs (R-INT-4): n8n and webhook a URL; Typebot a URL
 * and a slug; Dialogflow a project, a service-account key and a language. n8n, webhook and Typebot
 * copy the name to projectName (R-INT-4). A URL whose literal host the server may not reach
 * (loopback, private, metadata addresses, localhost) is a field error; names are checked again at
 * every call, since what they resolve to can change.
 */
function normalise(ctx: Ctx, input: QueueIntegrationInput): QueueIntegrationInput {
  const fields: Record<string, string> = {};
  if (input.type !== "dialogflow" && !input.urlN8N) fields.urlN8N = "validation.required";
  else if (input.type !== "dialogflow" && ctx.outbound.refusedOnSave(input.urlN8N)) fields.urlN8N = "validation.outboundRefused";
  if (input.type === "typebot" && !input.typebotSlug) fields.typebotSlug = "validation.required";
  if (input.type === "dialogflow") {
    if (input.projectName.length < 2) fields.projectName = input.projectName ? "validation.tooShort" : "validation.required";
    if (!input.jsonContent.trim()) fields.jsonContent = "validation.required";
    else if (!input.jsonContent.includes(SECRET_MASK) && !parseServiceAccount(input.jsonContent)) fields.jsonContent = "validation.serviceAccount";
    else {
      const uri = tokenUriOf(input.jsonContent);
      if (uri && ctx.outbound.refusedOnSave(uri)) fields.jsonContent = "validation.outboundRefused";
    }
  }
  if (Object.keys(fields).length) throw new AppError("ERR_VALIDATION", 400, { fields });
  return input.type === "dialogflow" ? input : { ...input, projectName: input.name, jsonContent: "" };
}

/** GET /queueIntegration: a page by name (queueIntegrations, count, hasMore). */
export async function listIntegrations(ctx: Ctx, search: string, page: number): Promise<Page<"queueIntegrations", QueueIntegrationDto>> {
  await gate(ctx);
  const { rows, total } = await pageIntegrations(ctx.db, ctx.companyId, search, page, PAGE);
  return { queueIntegrations: rows.map(serializeIntegration), count: total, hasMore: total > page * PAGE };
}

/** GET /queueIntegration/{id}. */
export async function showIntegration(ctx: Ctx, id: number) {
  await gate(ctx);
  return serializeIntegration(await getIntegration(ctx, id));
}

/** POST /queueIntegration. */
export async function createIntegration(ctx: Ctx, raw: QueueIntegrationInput) {
  await gate(ctx);
  const input = normalise(ctx, raw);
  if (input.jsonContent.includes(SECRET_MASK)) throw new AppError("ERR_VALIDATION", 400, { fields: { jsonContent: "validation.serviceAccount" } });
  if (await integrationNameTaken(ctx.db, ctx.companyId, input.name)) throw new AppError("ERR_VALIDATION", 400, { fields: { name: "validation.nameTaken" } });
  const now = nowIso();
  const row = await ctx.db.transaction(async (tx) => {
    const created = (
      await tx
        .insert(queueIntegrations)
        .values({ ...input, companyId: ctx.companyId, createdAt: now, updatedAt: now })
        .returning()
    )[0];
    await audit(ctx, "integration.created", { type: "integration", id: created.id, label: created.name }, diffFields(null, input), tx);
    return created;
  });
  const dto = serializeIntegration(row);
  publish(ctx, { action: "create", queueIntegration: dto });
  return dto;
}

/** PUT /queueIntegration/{id}. */
export async function updateIntegration(ctx: Ctx, id: number, raw: QueueIntegrationInput) {
  await gate(ctx);
  const current = await getIntegration(ctx, id);
  const input = normalise(ctx, raw);
  if (await integrationNameTaken(ctx.db, ctx.companyId, input.name, id))
    throw new AppError("ERR_VALIDATION", 400, { fields: { name: "validation.nameTaken" } });
  const jsonContent = restoreKey(input.jsonContent, current.jsonContent);
  const row = await ctx.db.transaction(async (tx) => {
    const updated = (
      await tx
        .update(queueIntegrations)
        .set({ ...input, jsonContent, updatedAt: nowIso() })
        .where(eq(queueIntegrations.id, id))
        .returning()
    )[0];
    await audit(ctx, "integration.updated", { type: "integration", id, label: updated.name }, diffFields(current, { ...input, jsonContent }), tx);
    return updated;
  });
  const dto = serializeIntegration(row);
  publish(ctx, { action: "update", queueIntegration: dto });
  return dto;
}

/** DELETE /queueIntegration/{id}: refused while a queue or a connection uses it. */
export async function deleteIntegration(ctx: Ctx, id: number) {
  await gate(ctx);
  const current = await getIntegration(ctx, id);
  if (await integrationInUse(ctx.db, ctx.companyId, id)) throw new AppError("ERR_INTEGRATION_IN_USE", 409);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(queueIntegrations).where(eq(queueIntegrations.id, id));
    await audit(ctx, "integration.deleted", { type: "integration", id, label: current.name }, undefined, tx);
  });
  publish(ctx, { action: "delete", integrationId: id });
}

/**
 * POST /queueIntegration/testSession: sends a test message to the service with the form's settings
 * (a stored integration's masked key is filled in from `id`) and answers what it replied. A failure
 * answers 400 ERR_INTEGRATION_TEST_FAILED with what failed (`reason`, one of OUTBOUND_REASONS, and
 * `httpStatus` for an HTTP error), never the service's answer.
 */
export async function testIntegration(ctx: Ctx, raw: QueueIntegrationInput, id: number | null): Promise<IntegrationTestDto> {
  const response = await runTest(ctx, raw, id);
  // the company's open lists hear of the test too (R-INT-9)
  publish(ctx, { action: "testSession", response });
  return response;
}

async function runTest(ctx: Ctx, raw: QueueIntegrationInput, id: number | null): Promise<IntegrationTestDto> {
  await gate(ctx);
  const input = normalise(ctx, raw);
  const stored = id ? await getIntegration(ctx, id) : null;
  const jsonContent = stored ? restoreKey(input.jsonContent, stored.jsonContent) : input.jsonContent;
  try {
    if (input.type === "dialogflow") {
      const sa = parseServiceAccount(jsonContent);
      if (!sa) throw new AppError("ERR_VALIDATION", 400, { fields: { jsonContent: "validation.serviceAccount" } });
      const r = await detectIntent(ctx, ctx.companyId, sa, input.projectName, `test-${ctx.companyId}`, "Olá", input.language);
      return { ok: true, replies: r.texts };
    }
    if (input.type === "typebot") {
      const turn = await startTypebot(
        ctx.outbound,
        input.urlN8N,
        input.typebotSlug,
        { number: "5500000000000", pushName: "Teste" },
        input.typebotUnknownMessage,
      );
      return { ok: true, replies: turn.out.map((o) => (o.kind === "text" ? o.text : o.url)) };
    }
    const r = await callWebhook(ctx.outbound, input.urlN8N, {
      event: "message",
      integration: { id: id ?? 0, name: input.name, type: input.type },
      company: { id: ctx.companyId },
      connection: { id: 0, name: "teste" },
      ticket: { id: 0, uuid: "", status: "pending", queueId: null },
      contact: { id: 0, name: "Teste", number: "5500000000000" },
      message: { id: "TEST", body: "Olá", fromMe: false, kind: "text", timestamp: Date.now(), pushName: "Teste" },
    });
    return { ok: true, replies: r.messages };
  } catch (e) {
    if (!(e instanceof ExternalError)) throw e;
    log.info("integration test failed", { companyId: ctx.companyId, type: input.type, err: e.message });
    throw new AppError("ERR_INTEGRATION_TEST_FAILED", 400, { reason: e.reason, ...(e.httpStatus ? { httpStatus: e.httpStatus } : {}) });
  }
}
