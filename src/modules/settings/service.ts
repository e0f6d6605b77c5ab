import { and, eq } from "drizzle-orm";
import { type AutoTextKey, autoText } from "../../contract/auto-texts";
import { DEFAULT_SETTINGS } from "../../contract/limits";
import { can } from "../../contract/permissions";
import type { DB, DbOrTx } from "../../db/client";
import type { Ctx } from "../../http/context";
import * as v from "valibot";
import { PLATFORM_SETTINGS, SECRET_MASK, SECRET_SETTINGS, SETTING_SCHEMAS } from "../../contract/schemas/settings";
import { AppError, forbidden, parse } from "../../http/errors";
import { nowIso } from "../../lib/dates";
import { rooms } from "../../realtime/topics";
import { settings } from "./schema";
import { audit, diffFields } from "../audit/service";

/**
 * Settings by company, read from memory: the inbound path asks for them on every message. The
 * settings module is their only writer, and every write drops the company's entry.
 */
const cache = new Map<number, Map<string, string>>();

/** Forgets a company's cached settings (after a write). */
export function forgetSettings(companyId: number) {
  cache.delete(companyId);
}

/** Writes the default settings of a new company (inside the caller's transaction). */
export function seedCompanySettings(db: DbOrTx, companyId: number, extra: Record<string, string> = {}) {
  forgetSettings(companyId);
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

/** Upserts one setting of a company (inside the caller's transaction; no permission check). */
export function setCompanySetting(db: DbOrTx, companyId: number, key: string, value: string) {
  const now = nowIso();
  const row = db
    .insert(settings)
    .values({ companyId, key, value, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value, updatedAt: now } })
    .returning({ key: settings.key, value: settings.value })
    .get();
  forgetSettings(companyId);
  return row;
}

/** All settings of a company as key/value rows. */
export function listSettings(db: DB, companyId: number) {
  return db.select({ key: settings.key, value: settings.value }).from(settings).where(eq(settings.companyId, companyId)).orderBy(settings.key).all();
}

/** One setting's value, falling back to the default for its key. */
export function getSetting(db: DB, companyId: number, key: string): string {
  let values = cache.get(companyId);
  if (!values) {
    values = new Map(listSettings(db, companyId).map((r) => [r.key, r.value]));
    cache.set(companyId, values);
  }
  return values.get(key) ?? DEFAULT_SETTINGS[key] ?? "";
}

/** A default text to customers in the company's language (its `language` setting). */
export const companyAutoText = (db: DB, companyId: number, key: AutoTextKey) => autoText(key, getSetting(db, companyId, "language"));

/** A setting as users read it: secrets masked (SECRET_SETTINGS). */
const masked = (s: { key: string; value: string }) => (SECRET_SETTINGS.includes(s.key) && s.value ? { key: s.key, value: SECRET_MASK } : s);

/** GET /settings and the session's company settings: every key, secrets masked. */
export const readSettings = (db: DB, companyId: number) => listSettings(db, companyId).map(masked);

/**
 * PUT /settings/{key}: admins only; the value is checked by its key's schema; the platform's Pix
 * settings are for super users only; saving the mask keeps a secret. Upserts and announces the change
 * (masked).
 */
export function updateSetting(ctx: Ctx, key: string, input: string) {
  if (!can(ctx.user, "settings:update")) throw forbidden();
  if (PLATFORM_SETTINGS.includes(key) && !can(ctx.user, "platform:settings")) throw forbidden();
  if (SECRET_SETTINGS.includes(key) && input === SECRET_MASK) return masked({ key, value: getSetting(ctx.db, ctx.companyId, key) });
  const schema = SETTING_SCHEMAS[key];
  // An unknown key is refused: a company's settings hold only what some feature reads.
  if (!schema) throw new AppError("ERR_NO_SETTING_FOUND", 400, { key });
  const value = parse(v.object({ value: schema }), { value: input }).value;
  const now = nowIso();
  const before = getSetting(ctx.db, ctx.companyId, key);
  const row = ctx.db.transaction((tx) => {
    const saved = tx
      .insert(settings)
      .values({ companyId: ctx.companyId, key, value, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value, updatedAt: now } })
      .returning({ key: settings.key, value: settings.value })
      .get();
    const changes = diffFields({ [key]: SECRET_SETTINGS.includes(key) ? "" : before }, { [key]: value });
    if (SECRET_SETTINGS.includes(key) && changes[key]) changes[key] = ["•••", "•••"];
    audit(ctx, "setting.updated", { type: "setting", id: key, label: key }, changes, tx);
    return saved;
  });
  forgetSettings(ctx.companyId);
  ctx.hub.publish(rooms.main(ctx.companyId), { channel: "settings", action: "update", setting: masked(row) });
  return masked(row);
}
