import { can } from "../../contract/permissions";
import { and, eq, ne, notInArray } from "drizzle-orm";
import type { NotificationSettingsDto, PushDeviceDto } from "../../contract/dto/notifications";
import { type NotificationPrefs, PUSH_LIMITS, type PushDeviceInput } from "../../contract/schemas/notifications";
import type { DB } from "../../core/db";
import type { Ctx } from "../../core/deps";
import { AppError, forbidden, notFound } from "../../core/errors";
import { isoNow } from "../../lib/clock";
import { BUILTIN_PREFS, readPrefs } from "./prefs";
import { allowedPushEndpoint } from "./push";
import { companyPrefsJson, deleteUserPrefs, devicesOf, findDevice, savePrefsJson, userPrefsJson } from "./queries";
import { type PushSubscriptionRow, pushSubscriptions } from "./schema";
import { browserLabel } from "./user-agent";

/** The company's defaults: what an admin saved, else the built-in ones. */
export const companyDefaults = async (db: DB, companyId: number): Promise<NotificationPrefs> =>
  readPrefs(await companyPrefsJson(db, companyId)) ?? BUILTIN_PREFS;

/** What applies to a user: their own choice, else the company's defaults. */
export async function effectivePrefs(db: DB, companyId: number, userId: number): Promise<{ prefs: NotificationPrefs; custom: boolean }> {
  const own = readPrefs((await userPrefsJson(db, companyId, [userId])).get(userId));
  return own ? { prefs: own, custom: true } : { prefs: await companyDefaults(db, companyId), custom: false };
}

/** GET /notifications/preferences. */
export async function notificationSettings(ctx: Ctx): Promise<NotificationSettingsDto> {
  const { prefs, custom } = await effectivePrefs(ctx.db, ctx.companyId, ctx.user.id);
  return { prefs, custom, defaults: await companyDefaults(ctx.db, ctx.companyId), vapidPublicKey: ctx.config.vapid.publicKey };
}

/** PUT /notifications/preferences: the caller's own choice. */
export async function saveMyPrefs(ctx: Ctx, prefs: NotificationPrefs): Promise<NotificationSettingsDto> {
  await savePrefsJson(ctx.db, ctx.companyId, ctx.user.id, JSON.stringify(prefs), isoNow(ctx.clock));
  return notificationSettings(ctx);
}

/** DELETE /notifications/preferences: back to the company's defaults. */
export async function resetMyPrefs(ctx: Ctx): Promise<NotificationSettingsDto> {
  await deleteUserPrefs(ctx.db, ctx.user.id);
  return notificationSettings(ctx);
}

/** PUT /notifications/defaults (admins): what users who made no choice of their own get. */
export async function saveCompanyDefaults(ctx: Ctx, prefs: NotificationPrefs): Promise<NotificationSettingsDto> {
  await savePrefsJson(ctx.db, ctx.companyId, null, JSON.stringify(prefs), isoNow(ctx.clock));
  return notificationSettings(ctx);
}

/** Only admins set the company's defaults (checked before the body is validated). */
export function assertMaySetDefaults(ctx: Ctx) {
  if (!can(ctx.user, "notifications:companyDefaults")) throw forbidden();
}

const deviceDto = (r: PushSubscriptionRow, deviceId?: string): PushDeviceDto => ({
  id: r.id,
  browser: r.browser,
  createdAt: r.createdAt,
  lastUsedAt: r.lastUsedAt,
  current: !!deviceId && r.deviceId === deviceId,
});

/** GET /notifications/devices: the caller's devices (at most PUSH_LIMITS.devicesPerUser); `current` marks this browser's. */
export const listDevices = async (ctx: Ctx, deviceId?: string): Promise<{ devices: PushDeviceDto[] }> => ({
  devices: (await devicesOf(ctx.db, ctx.user.id)).map((r) => deviceDto(r, deviceId)),
});

/**
 * POST /notifications/devices: this browser's subscription. One row per device: the same device
 * subscribing again replaces its row, an endpoint that belonged to another account (someone else
 * signed in on this browser before) moves to the caller, and past the per-user bound the oldest
 * device is dropped.
 */
export async function registerDevice(ctx: Ctx, input: PushDeviceInput, userAgent: string): Promise<PushDeviceDto> {
  if (!allowedPushEndpoint(input.endpoint, ctx)) throw new AppError("ERR_VALIDATION", 400, { fields: { endpoint: "validation.invalid" } });
  const now = isoNow(ctx.clock);
  const row = await ctx.db.transaction(async (tx) => {
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, input.endpoint));
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, ctx.user.id), eq(pushSubscriptions.deviceId, input.deviceId)));
    const inserted = (
      await tx
        .insert(pushSubscriptions)
        .values({
          companyId: ctx.companyId,
          userId: ctx.user.id,
          deviceId: input.deviceId,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          browser: browserLabel(userAgent),
          lang: input.lang,
          createdAt: now,
        })
        .returning()
    )[0];
    const keep = (
      await tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, ctx.user.id)).orderBy(pushSubscriptions.id)
    )
      .slice(-PUSH_LIMITS.devicesPerUser)
      .map((r) => r.id);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, ctx.user.id), notInArray(pushSubscriptions.id, keep), ne(pushSubscriptions.id, inserted.id)));
    return inserted;
  });
  return deviceDto(row, input.deviceId);
}

/** DELETE /notifications/devices/:id: the caller's own devices only (another's id answers 404). */
export async function removeDevice(ctx: Ctx, id: number) {
  if (!(await findDevice(ctx.db, ctx.user.id, id))) throw notFound("ERR_NO_DEVICE_FOUND");
  await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}
