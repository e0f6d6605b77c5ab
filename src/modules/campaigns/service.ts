import { audit, diffFields } from "../audit";
import { and, eq, inArray } from "drizzle-orm";
import type { CampaignDto, CampaignProgressDto, CampaignShippingDto } from "../../contract/dto/campaigns";
import type { Page } from "../../contract/dto/common";
import type { FramePayload } from "../../contract/frames";
import { type CampaignPauseReason, type CampaignStatus, LIMITS } from "../../contract/limits";
import type { CampaignInput } from "../../contract/schemas/campaigns";
import type { Deps, Ctx } from "../../core/deps";
import { AppError, notFound } from "../../core/errors";
import { removeMedia, replaceAttachment } from "../media";
import { isoNow } from "../../lib/clock";
import { rooms } from "../../contract/rooms";
import { findConnection } from "../connections";
import { failedSends } from "../messages";
import { findContactList } from "../contact-lists";
import { createListOf, getContactList } from "../contact-lists";
import { findFileList } from "../files";
import { getTag } from "../tags";
import { contactsWithTag, findCampaign, pageCampaigns, pageShipments, progressOf } from "./queries";
import { type CampaignRow, campaigns } from "./schema";
import { createShipments } from "./shipments";
import { messagesOf, confirmationsOf } from "./texts";
import type { TemplateChoice } from "../../contract/templates";

/** The stored template choice (JSON), or null. */
export function templateOf(json: string | null): TemplateChoice | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as TemplateChoice;
  } catch {
    return null;
  }
}

const PAGE = LIMITS.pageSize;

/** The wire shape of a campaign with its connection, list and shipment counters. */
export async function serializeCampaign(deps: Pick<Deps, "db">, c: CampaignRow, progress?: CampaignProgressDto): Promise<CampaignDto> {
  const w = c.whatsappId ? await findConnection(deps.db, c.companyId, c.whatsappId) : undefined;
  const l = c.contactListId ? await findContactList(deps.db, c.companyId, c.contactListId) : undefined;
  const { nextSendAt: _n, sentInRun: _s, failStreak: _f, template, ...rest } = c;
  return {
    ...rest,
    template: templateOf(template),
    status: c.status as CampaignStatus,
    pauseReason: (c.pauseReason as CampaignPauseReason | null) ?? null,
    whatsapp: w ? { id: w.id, name: w.name } : null,
    contactList: l ? { id: l.id, name: l.name } : null,
    progress: progress ?? (await progressOf(deps.db, [c.id])).get(c.id)!,
  };
}

/** Announces a campaign to the company's campaign managers (list and report update live). */
export async function publishCampaign(deps: Deps, c: CampaignRow, action: "create" | "update" = "update") {
  deps.hub.publish(rooms.campaigns(c.companyId), { channel: "campaign", action, record: await serializeCampaign(deps, c) });
}

function publish(ctx: Ctx, frame: FramePayload<"campaign">) {
  ctx.hub.publish(rooms.campaigns(ctx.companyId), { channel: "campaign", ...frame });
}

/** A campaign of the caller's company, or 404 ERR_NO_CAMPAIGN_FOUND. */
export async function getCampaign(ctx: Ctx, id: number): Promise<CampaignRow> {
  const c = await findCampaign(ctx.db, ctx.companyId, id);
  if (!c) throw notFound("ERR_NO_CAMPAIGN_FOUND");
  return c;
}

/** GET /campaigns: a page (20) ordered by name with counters. */
export async function listCampaigns(ctx: Ctx, search: string, page: number): Promise<Page<"records", CampaignDto>> {
  const { rows, total } = await pageCampaigns(ctx.db, ctx.companyId, search, page, PAGE);
  const progress = await progressOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return { records: await Promise.all(rows.map((r) => serializeCampaign(ctx, r, progress.get(r.id)))), count: total, hasMore: total > page * PAGE };
}

/** GET /campaigns/{id}. */
export const showCampaign = async (ctx: Ctx, id: number) => serializeCampaign(ctx, await getCampaign(ctx, id));

/** GET /campaigns/{id}/shipping: the report's page of shipments. */
export async function listShipments(ctx: Ctx, id: number, page: number): Promise<Page<"shipping", CampaignShippingDto>> {
  await getCampaign(ctx, id);
  const { rows, total } = await pageShipments(ctx.db, id, page, PAGE);
  // Stored for sending, then given up on by the outbox: the report shows it failed, with the outbox's error.
  const gaveUp = await failedSends(
    ctx.db,
    rows.flatMap((s) => (s.messageId && !s.failedAt ? [s.messageId] : [])),
  );
  const shipping = rows.map((s) => {
    const lost = s.messageId ? gaveUp.get(s.messageId) : undefined;
    return {
      id: s.id,
      number: s.number,
      name: s.name,
      deliveredAt: lost ? null : s.deliveredAt,
      confirmationRequestedAt: s.confirmationRequestedAt,
      confirmedAt: s.confirmedAt,
      confirmation: s.confirmation,
      failedAt: lost?.at ?? s.failedAt,
      skippedAt: s.skippedAt,
      error: lost ? lost.error : s.error,
    };
  });
  return { shipping, count: total, hasMore: total > page * PAGE };
}

/** Editable: INATIVA, PROGRAMADA more than an hour ahead, or CANCELADA (R-CMP-3). */
export function isEditable(c: Pick<CampaignRow, "status" | "scheduledAt">, now: number): boolean {
  if (c.status === "INATIVA" || c.status === "CANCELADA") return true;
  return c.status === "PROGRAMADA" && !!c.scheduledAt && Date.parse(c.scheduledAt) - now > LIMITS.campaignEditLeadMs;
}

/** Checks that the ids point at the caller's records; a tag becomes a new contact list of its contacts. */
async function resolveRefs(ctx: Ctx, input: CampaignInput, current?: CampaignRow) {
  if (input.whatsappId && !(await findConnection(ctx.db, ctx.companyId, input.whatsappId))) throw notFound("ERR_NO_WAPP_FOUND");
  if (input.contactListId) await getContactList(ctx, input.contactListId);
  if (input.fileListId && !(await findFileList(ctx.db, ctx.companyId, input.fileListId))) throw notFound("ERR_NO_FILE_LIST_FOUND");
  let contactListId = input.contactListId ?? null;
  const tagListId = input.tagListId ?? null;
  if (tagListId) {
    const tag = await getTag(ctx, tagListId);
    if (tagListId !== current?.tagListId || !contactListId) {
      const people = await contactsWithTag(ctx.db, ctx.companyId, tag.id);
      contactListId = (await createListOf(ctx, `${input.name} | TAG: ${tag.name} - ${isoNow(ctx.clock)}`, people)).id;
    }
  }
  return { contactListId, tagListId };
}

/**
 * A scheduled campaign must be able to run: a text (or, on a Cloud API connection, its template), a
 * connection and a target. A Cloud API campaign needs an approved template, since most contacts are
 * outside their 24-hour window.
 */
async function assertRunnable(ctx: Ctx, c: CampaignRow) {
  const cloud = !!c.whatsappId && (await findConnection(ctx.db, ctx.companyId, c.whatsappId))?.channel === "cloudapi";
  if (cloud && !c.template) throw new AppError("ERR_TEMPLATE_REQUIRED", 400, { fields: { template: "validation.required" } });
  if ((!messagesOf(c).length && !cloud) || (c.confirmation && !confirmationsOf(c).length)) throw new AppError("ERR_CAMPAIGN_NO_MESSAGE", 400);
  if (!c.whatsappId) throw new AppError("ERR_CAMPAIGN_NO_CONNECTION", 400);
  if (!c.contactListId) throw new AppError("ERR_CAMPAIGN_NO_TARGET", 400);
}

/** A template choice is kept only for a Cloud API connection, and must name one of its approved templates. */
async function checkTemplate(ctx: Ctx, input: CampaignInput): Promise<string | null> {
  if (!input.template) return null;
  const w = input.whatsappId ? await findConnection(ctx.db, ctx.companyId, input.whatsappId) : undefined;
  if (w?.channel !== "cloudapi") throw new AppError("ERR_CLOUD_ONLY", 400, { fields: { template: "validation.invalid" } });
  await ctx.cloudApi.resolveTemplate(w.id, input.template);
  return JSON.stringify(input.template);
}

function fieldsOf(input: CampaignInput) {
  return {
    name: input.name,
    message1: input.message1,
    message2: input.message2,
    message3: input.message3,
    message4: input.message4,
    message5: input.message5,
    confirmationMessage1: input.confirmationMessage1,
    confirmationMessage2: input.confirmationMessage2,
    confirmationMessage3: input.confirmationMessage3,
    confirmationMessage4: input.confirmationMessage4,
    confirmationMessage5: input.confirmationMessage5,
    confirmation: input.confirmation ?? false,
    whatsappId: input.whatsappId ?? null,
    fileListId: input.fileListId ?? null,
    scheduledAt: input.scheduledAt ?? null,
  };
}

/** POST /campaigns: PROGRAMADA when a start time is given (then it must be runnable), else INATIVA. */
export async function createCampaign(ctx: Ctx, input: CampaignInput): Promise<CampaignDto> {
  const refs = await resolveRefs(ctx, input);
  const template = await checkTemplate(ctx, input);
  const now = isoNow(ctx.clock);
  const values = {
    companyId: ctx.companyId,
    ...fieldsOf(input),
    ...refs,
    template,
    status: input.scheduledAt ? "PROGRAMADA" : "INATIVA",
    createdAt: now,
    updatedAt: now,
  };
  if (values.status === "PROGRAMADA") await assertRunnable(ctx, values as CampaignRow);
  const row = await ctx.db.transaction(async (tx) => {
    const created = (await tx.insert(campaigns).values(values).returning())[0];
    await audit(
      ctx,
      "campaign.created",
      { type: "campaign", id: created.id, label: created.name },
      diffFields(null, { name: created.name, status: created.status, scheduledAt: created.scheduledAt }),
      tx,
    );
    return created;
  });
  const record = await serializeCampaign(ctx, row);
  publish(ctx, { action: "create", record });
  return record;
}

/**
 * PUT /campaigns/{id}: only while editable. INATIVA with a start time becomes PROGRAMADA and back;
 * a cancelled campaign keeps its status (restart sends the remaining contacts the new texts).
 */
export async function updateCampaign(ctx: Ctx, id: number, input: CampaignInput): Promise<CampaignDto> {
  const current = await getCampaign(ctx, id);
  if (!isEditable(current, ctx.clock.now())) throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE", 400);
  const refs = await resolveRefs(ctx, input, current);
  const template = await checkTemplate(ctx, input);
  const status = current.status === "CANCELADA" ? "CANCELADA" : input.scheduledAt ? "PROGRAMADA" : "INATIVA";
  const patch = { ...fieldsOf(input), ...refs, template, status, updatedAt: isoNow(ctx.clock) };
  if (status === "PROGRAMADA") await assertRunnable(ctx, { ...current, ...patch });
  const row = await ctx.db.transaction(async (tx) => {
    const updated = (await tx.update(campaigns).set(patch).where(eq(campaigns.id, id)).returning())[0];
    const { updatedAt: _, ...fields } = patch;
    await audit(ctx, "campaign.updated", { type: "campaign", id, label: updated.name }, diffFields(current, fields), tx);
    return updated;
  });
  const record = await serializeCampaign(ctx, row);
  publish(ctx, { action: "update", record });
  return record;
}

/** DELETE /campaigns/{id}: not while it runs; its shipments and attachment go with it. */
export async function deleteCampaign(ctx: Ctx, id: number) {
  const c = await getCampaign(ctx, id);
  if (c.status === "EM_ANDAMENTO") throw new AppError("ERR_CAMPAIGN_RUNNING", 400);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(campaigns).where(eq(campaigns.id, id));
    await audit(ctx, "campaign.deleted", { type: "campaign", id, label: c.name }, undefined, tx);
  });
  void removeMedia(ctx.blobs, ctx.companyId, c.mediaPath);
  publish(ctx, { action: "delete", id });
}

/** Compare-and-set of a campaign's status; answers the updated row or null when it changed meanwhile. */
async function moveStatus(deps: Deps, c: CampaignRow, from: CampaignStatus, patch: Partial<CampaignRow>) {
  return (
    (
      await deps.db
        .update(campaigns)
        .set({ ...patch, updatedAt: isoNow(deps.clock) })
        .where(and(eq(campaigns.id, c.id), eq(campaigns.status, from)))
        .returning()
    )[0] ?? null
  );
}

/**
 * POST /campaigns/{id}/start ("start now"): an INATIVA or PROGRAMADA campaign starts at once, as
 * the dispatcher starts a due one: EM_ANDAMENTO with one shipment per valid contact in one
 * transaction, its start time set to now. It must be runnable and the disk must have room. The
 * status moves by compare-and-set, so of two parallel starts (or a start and the dispatcher) one
 * wins and the other answers 409 ERR_CAMPAIGN_RUNNING; nothing is sent twice.
 */
export async function startCampaign(ctx: Ctx, id: number): Promise<CampaignDto> {
  const c = await getCampaign(ctx, id);
  if (c.status === "EM_ANDAMENTO") throw new AppError("ERR_CAMPAIGN_RUNNING", 409);
  if (c.status !== "INATIVA" && c.status !== "PROGRAMADA") throw new AppError("ERR_CAMPAIGN_NOT_STARTABLE", 400);
  await assertRunnable(ctx, c);
  ctx.storage.assertAvailable();
  const now = isoNow(ctx.clock);
  const row = await ctx.db.transaction(async (tx) => {
    const moved = (
      await tx
        .update(campaigns)
        .set({ status: "EM_ANDAMENTO", scheduledAt: now, nextSendAt: ctx.clock.now(), sentInRun: 0, pauseReason: null, failStreak: 0, updatedAt: now })
        .where(and(eq(campaigns.id, c.id), inArray(campaigns.status, ["INATIVA", "PROGRAMADA"])))
        .returning()
    )[0];
    if (moved) {
      await createShipments(ctx, tx, moved);
      await audit(ctx, "campaign.started", { type: "campaign", id: moved.id, label: moved.name }, { status: [c.status, moved.status] }, tx);
    }
    return moved;
  });
  if (!row) throw new AppError("ERR_CAMPAIGN_RUNNING", 409);
  await publishCampaign(ctx, row);
  return serializeCampaign(ctx, row);
}

/** POST /campaigns/{id}/cancel: EM_ANDAMENTO → CANCELADA; the dispatcher stops before its next send. */
export async function cancelCampaign(ctx: Ctx, id: number) {
  const c = await getCampaign(ctx, id);
  if (c.status !== "EM_ANDAMENTO") throw new AppError("ERR_CAMPAIGN_NOT_RUNNING", 400);
  const row = await moveStatus(ctx, c, "EM_ANDAMENTO", { status: "CANCELADA", pauseReason: null });
  if (!row) throw new AppError("ERR_CAMPAIGN_NOT_RUNNING", 400);
  await publishCampaign(ctx, row);
}

/**
 * POST /campaigns/{id}/restart: CANCELADA → EM_ANDAMENTO. Contacts added to the list meanwhile get
 * a shipment; delivered ones are never sent again; the others get the campaign's current texts.
 */
export async function restartCampaign(ctx: Ctx, id: number) {
  const c = await getCampaign(ctx, id);
  if (c.status !== "CANCELADA") throw new AppError("ERR_CAMPAIGN_NOT_CANCELLED", 400);
  ctx.storage.assertAvailable();
  const row = await ctx.db.transaction(async (tx) => {
    const moved = (
      await tx
        .update(campaigns)
        .set({ status: "EM_ANDAMENTO", pauseReason: null, failStreak: 0, completedAt: null, nextSendAt: ctx.clock.now(), updatedAt: isoNow(ctx.clock) })
        .where(and(eq(campaigns.id, c.id), eq(campaigns.status, "CANCELADA")))
        .returning()
    )[0];
    if (!moved) return null;
    await createShipments(ctx, tx, moved, true);
    return moved;
  });
  if (!row) throw new AppError("ERR_CAMPAIGN_NOT_CANCELLED", 400);
  await publishCampaign(ctx, row);
}

/** POST /campaigns/{id}/resume: a campaign paused because sends kept failing goes on. */
export async function resumeCampaign(ctx: Ctx, id: number) {
  const c = await getCampaign(ctx, id);
  if (c.status !== "EM_ANDAMENTO" || c.pauseReason !== "failures") throw new AppError("ERR_CAMPAIGN_NOT_PAUSED", 400);
  const row = await moveStatus(ctx, c, "EM_ANDAMENTO", { pauseReason: null, failStreak: 0, nextSendAt: ctx.clock.now() });
  if (row) await publishCampaign(ctx, row);
}

/** POST/DELETE /campaigns/{id}/media-upload: the attachment sent with each message (while editable). */
export async function setCampaignMedia(ctx: Ctx, id: number, file: unknown | null) {
  const c = await getCampaign(ctx, id);
  if (!isEditable(c, ctx.clock.now())) throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE", 400);
  const row = await replaceAttachment(
    ctx,
    "campaigns",
    file,
    c.mediaPath,
    async (media) => (await ctx.db.update(campaigns).set(media).where(eq(campaigns.id, id)).returning())[0] as CampaignRow,
  );
  const record = await serializeCampaign(ctx, row);
  publish(ctx, { action: "update", record });
  return record;
}
