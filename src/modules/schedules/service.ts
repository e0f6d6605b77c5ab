import { eq } from "drizzle-orm";
import type { Page } from "../../contract/dto/common";
import type { ScheduleDayDto, ScheduleDto } from "../../contract/dto/schedules";
import type { FramePayload } from "../../contract/frames";
import { LIMITS } from "../../contract/limits";
import type { ScheduleCreateInput, ScheduleUpdateInput } from "../../contract/schemas/schedules";
import type { Ctx } from "../../core/deps";
import { AppError, forbidden, notFound } from "../../core/errors";
import { requireFeature } from "../companies";
import { mediaUrl, removeMedia, saveUpload } from "../media";
import { isoNow } from "../../lib/clock";
import { rooms } from "../../contract/rooms";
import { findContact } from "../contacts";
import { findConnection } from "../connections";
import type { ScheduleTemplate } from "../../contract/dto/schedules";
import { canEditSchedule } from "./policy";
import { findSchedule, namesFor, pageSchedules, type ScheduleFilter, type ScheduleRow, sendTimesBetween } from "./queries";
import { schedules } from "./schema";

const PAGE = LIMITS.pageSize;

/** The public shapes of schedules, with their contact and user names. */
export async function serializeSchedules(db: Ctx["db"], rows: ScheduleRow[]): Promise<ScheduleDto[]> {
  const names = await namesFor(db, rows);
  return rows.map((s) => ({
    id: s.id,
    body: s.body,
    contactId: s.contactId,
    contact: names.contacts.get(s.contactId) ?? null,
    userId: s.userId,
    user: (s.userId && names.users.get(s.userId)) || null,
    sendAt: s.sendAt,
    sentAt: s.sentAt,
    status: s.status,
    error: s.error,
    ticketId: s.ticketId,
    mediaPath: s.mediaPath,
    mediaName: s.mediaName,
    mediaUrl: mediaUrl(s.mediaPath),
    template: scheduleTemplateOf(s.template),
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  }));
}
const one = async (db: Ctx["db"], s: ScheduleRow) => (await serializeSchedules(db, [s]))[0];

/** The stored template choice (JSON), or null. */
export function scheduleTemplateOf(json: string | null): ScheduleTemplate | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as ScheduleTemplate;
  } catch {
    return null;
  }
}

/** A template names an approved template of one of the company's Cloud API connections (stored as JSON). */
async function checkTemplate(ctx: Ctx, t: ScheduleTemplate | null | undefined): Promise<string | null | undefined> {
  if (t === undefined || t === null) return t;
  const w = await findConnection(ctx.db, ctx.companyId, t.whatsappId);
  if (w?.channel !== "cloudapi") throw new AppError("ERR_CLOUD_ONLY", 400, { fields: { template: "validation.invalid" } });
  await ctx.cloudApi.resolveTemplate(w.id, t);
  return JSON.stringify(t);
}

/** Schedule frames go to the company (the list and the calendar of every user follow them). */
export function publishSchedule(ctx: Pick<Ctx, "hub">, companyId: number, frame: FramePayload<"schedule">) {
  ctx.hub.publish(rooms.main(companyId), { channel: "schedule", ...frame });
}

async function getSchedule(ctx: Ctx, id: number): Promise<ScheduleRow> {
  await requireFeature(ctx, "useSchedules");
  const s = await findSchedule(ctx.db, ctx.companyId, id);
  if (!s) throw notFound("ERR_NO_SCHEDULE_FOUND");
  return s;
}

/** A schedule the caller may change: theirs (or any, for an admin), not yet sent. */
async function getEditable(ctx: Ctx, id: number): Promise<ScheduleRow> {
  const s = await getSchedule(ctx, id);
  if (!canEditSchedule(ctx.user, s)) throw forbidden();
  if (s.sentAt) throw new AppError("ERR_SCHEDULE_ALREADY_SENT", 409);
  return s;
}

async function requireContact(ctx: Ctx, contactId: number) {
  if (!(await findContact(ctx.db, ctx.companyId, contactId))) throw new AppError("ERR_VALIDATION", 400, { fields: { contactId: "validation.required" } });
}

/** GET /schedules: paged, soonest pending first; search by body or contact name. */
export async function listSchedules(ctx: Ctx, filter: ScheduleFilter, page: number): Promise<Page<"schedules", ScheduleDto>> {
  await requireFeature(ctx, "useSchedules");
  const { rows, total } = await pageSchedules(ctx.db, ctx.companyId, filter, page, PAGE);
  return { schedules: await serializeSchedules(ctx.db, rows), count: total, hasMore: total > page * PAGE };
}

/** GET /schedules/calendar?month=YYYY-MM: schedules per day of the month in the server's time zone. */
export async function scheduleCalendar(ctx: Ctx, month: string): Promise<ScheduleDayDto[]> {
  await requireFeature(ctx, "useSchedules");
  const [y, m] = month.split("-").map(Number);
  // A day either side covers every time zone; days outside the month are dropped below.
  const from = new Date(Date.UTC(y, m - 1, 0)).toISOString();
  const to = new Date(Date.UTC(y, m, 2)).toISOString();
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: ctx.config.timezone, year: "numeric", month: "2-digit", day: "2-digit" });
  const counts = new Map<string, number>();
  for (const r of await sendTimesBetween(ctx.db, ctx.companyId, from, to)) {
    const d = day.format(new Date(r.sendAt));
    if (d.startsWith(month)) counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([date, count]) => ({ date, count }));
}

/** GET /schedules/{id}. */
export const showSchedule = async (ctx: Ctx, id: number) => one(ctx.db, await getSchedule(ctx, id));

/** POST /schedules: PENDENTE, by the caller. */
export async function createSchedule(ctx: Ctx, input: ScheduleCreateInput) {
  await requireFeature(ctx, "useSchedules");
  await requireContact(ctx, input.contactId);
  const template = (await checkTemplate(ctx, input.template)) ?? null;
  const now = isoNow(ctx.clock);
  const row = (
    await ctx.db
      .insert(schedules)
      .values({
        companyId: ctx.companyId,
        contactId: input.contactId,
        userId: ctx.user.id || null,
        body: input.body,
        sendAt: input.sendAt,
        template,
        status: "PENDENTE",
        createdAt: now,
        updatedAt: now,
      })
      .returning()
  )[0];
  const schedule = await one(ctx.db, row);
  publishSchedule(ctx, ctx.companyId, { action: "create", schedule });
  return schedule;
}

/** PUT /schedules/{id}: refused once sent; saving a failed one arms it again (PENDENTE). */
export async function updateSchedule(ctx: Ctx, id: number, input: ScheduleUpdateInput) {
  const current = await getEditable(ctx, id);
  if (input.contactId !== undefined) await requireContact(ctx, input.contactId);
  const template = await checkTemplate(ctx, input.template);
  const row = (
    await ctx.db
      .update(schedules)
      .set({
        ...(input.body !== undefined && { body: input.body }),
        ...(input.contactId !== undefined && { contactId: input.contactId }),
        ...(input.sendAt !== undefined && { sendAt: input.sendAt }),
        ...(template !== undefined && { template }),
        status: "PENDENTE",
        error: null,
        updatedAt: isoNow(ctx.clock),
      })
      .where(eq(schedules.id, current.id))
      .returning()
  )[0];
  const schedule = await one(ctx.db, row);
  publishSchedule(ctx, ctx.companyId, { action: "update", schedule });
  return schedule;
}

/** DELETE /schedules/{id} (its author or an admin; a sent one stays in the ticket's history). */
export async function deleteSchedule(ctx: Ctx, id: number) {
  const current = await getSchedule(ctx, id);
  if (!canEditSchedule(ctx.user, current)) throw forbidden();
  await ctx.db.delete(schedules).where(eq(schedules.id, id));
  // A sent schedule's file is the stored message's media now: keep it.
  if (!current.sentAt) void removeMedia(ctx.blobs, ctx.companyId, current.mediaPath);
  publishSchedule(ctx, ctx.companyId, { action: "delete", scheduleId: id });
}

/** POST /schedules/{id}/media-upload (png, jpg, jpeg) and DELETE (file null). */
export async function setScheduleMedia(ctx: Ctx, id: number, file: unknown | null) {
  const current = await getEditable(ctx, id);
  const stored = file === null ? null : await saveUpload(ctx, ctx.companyId, "schedules", file, "image");
  const row = (
    await ctx.db
      .update(schedules)
      .set({ mediaPath: stored?.mediaPath ?? null, mediaName: stored?.mediaName ?? null, updatedAt: isoNow(ctx.clock) })
      .where(eq(schedules.id, id))
      .returning()
  )[0];
  void removeMedia(ctx.blobs, ctx.companyId, current.mediaPath);
  const schedule = await one(ctx.db, row);
  publishSchedule(ctx, ctx.companyId, { action: "update", schedule });
  return schedule;
}
