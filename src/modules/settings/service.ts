import { and, eq } from "drizzle-orm";
import { DEFAULT_SETTINGS } from "../../contract/limits";
import { can } from "../../contract/permissions";
import type { DB, DbOrTx } from "../../db/client";
import type { Ctx } from "../../http/context";
import { forbidden } from "../../http/errors";
import { nowIso } from "../../lib/dates";
import { rooms } from "../../realtime/topics";
import { settings } from "./schema";

/** Writes the default settings of a new company (inside the caller's transaction). */
export function seedCompanySettings(db: DbOrTx, companyId: number, extra: Record<string, string> = {}) {
  const now = nowIso();
  const values = Object.entries({ ...DEFAULT_SETTINGS, ...extra }).map(([key, value]) => ({
    companyId,
    key,
    value,
    createdAt: now,
    updatedAt: now,
  }));
  db.insert(settings).values(values).onConflictDoNothing().run();
}

/** All settings of a company as key/value rows. */
export function listSettings(db: DB, companyId: number) {
  return db.select({ key: settings.key, value: settings.value }).from(settings).where(eq(settings.companyId, companyId)).orderBy(settings.key).all();
}

/** One setting's value, falling back to the default for its key. */
export function getSetting(db: DB, companyId: number, key: string): string {
  const row = db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.companyId, companyId), eq(settings.key, key)))
    .get();
  return row?.value ?? DEFAULT_SETTINGS[key] ?? "";
}

/** PUT /settings/{key}: admins only; upserts and announces the change. */
export function updateSetting(ctx: Ctx, key: string, value: string) {
  if (!can(ctx.user, "settings:update")) throw forbidden();
  const now = nowIso();
  const row = ctx.db
    .insert(settings)
    .values({ companyId: ctx.companyId, key, value, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value, updatedAt: now } })
    .returning({ key: settings.key, value: settings.value })
    .get();
  ctx.hub.publish(rooms.main(ctx.companyId), { channel: "settings", action: "update", setting: row });
  return row;
}
