import { eq } from "drizzle-orm";
import { type AutoTextKey, autoText } from "../../contract/auto-texts";
import { DEFAULT_SETTINGS } from "../../contract/limits";
import { can } from "../../contract/permissions";
import type { DB, DbOrTx } from "../../core/db";
import type { Ctx, Deps } from "../../core/deps";
import * as v from "valibot";
import { PLATFORM_SETTINGS, SECRET_MASK, SECRET_SETTINGS, SETTING_SCHEMAS } from "../../contract/schemas/settings";
import { AppError, forbidden, parse } from "../../core/errors";
import { nowIso } from "../../lib/dates";
import { rooms } from "../../contract/rooms";
import { settings } from "./schema";
import { audit, diffFields } from "../audit";

/**
 * Settings by company are read from memory (`deps.caches.settings`): the inbound path asks for them on
 * every message. The settings module is their only writer, and every write forgets the company's entry.
 */
type SettingsDeps = Pick<Deps, "db" | "caches">;

/** Writes the default settings of a new company (inside the caller's transaction; a new company has nothing cached). */
export async function seedCompanySettings(db: DbOrTx, companyId: number, extra: Record<string, string> = {}) {
  const now = nowIso();
  const values = Object.entries({ ...DEFAULT_SETTINGS, ...extra }).map(([key, value]) => ({
    companyId,
    key,
    value,
    createdAt: now,
    updatedAt: now,
  }));
  await db.insert(settings).values(values).onConflictDoNothing();
}

/** All settings of a company as key/value rows. */
export async function listSettings(db: DB, companyId: number) {
  return await db.select({ key: settings.key, value: settings.value }).from(settings).where(eq(settings.companyId, companyId)).orderBy(settings.key);
}

/** One setting's value, falling back to the default for its key. */
export async function getSetting(deps: SettingsDeps, companyId: number, key: string): Promise<string> {
  let values = deps.caches.settings.get(companyId);
  if (!values) {
    values = new Map((await listSettings(deps.db, companyId)).map((r) => [r.key, r.value]));
    deps.caches.settings.set(companyId, values);
  }
  return values.get(key) ?? DEFAULT_SETTINGS[key] ?? "";
}

/** A default text to customers in the company's language (its `language` setting). */
export const companyAutoText = async (deps: SettingsDeps, companyId: number, key: AutoTextKey) => autoText(key, await getSetting(deps, companyId, "language"));

/** A setting as users read it: secrets masked (SECRET_SETTINGS). */
const masked = (s: { key: string; value: string }) => (SECRET_SETTINGS.includes(s.key) && s.value ? { key: s.key, value: SECRET_MASK } : s);

/** GET /settings and the session's company settings: every key, secrets masked. */
export const readSettings = async (db: DB, companyId: number) => (await listSettings(db, companyId)).map(masked);

/**
 * PUT /settings/{key}: admins only; the value is checked by its key's schema; the platform's Pix
 * settings are for super users only; saving the mask keeps a secret. Upserts and announces the change
 * (masked).
 */
export async function updateSetting(ctx: Ctx, key: string, input: string) {
  if (!can(ctx.user, "settings:update")) throw forbidden();
  if (PLATFORM_SETTINGS.includes(key) && !can(ctx.user, "platform:settings")) throw forbidden();
  if (SECRET_SETTINGS.includes(key) && input === SECRET_MASK) return masked({ key, value: await getSetting(ctx, ctx.companyId, key) });
  const schema = SETTING_SCHEMAS[key];
  // An unknown key is refused: a company's settings hold only what some feature reads.
  if (!schema) throw new AppError("ERR_NO_SETTING_FOUND", 400, { key });
  const value = parse(v.object({ value: schema }), { value: input }).value;
  const now = nowIso();
  const before = await getSetting(ctx, ctx.companyId, key);
  const row = await ctx.db.transaction(async (tx) => {
    const saved = (
      await tx
        .insert(settings)
        .values({ companyId: ctx.companyId, key, value, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value, updatedAt: now } })
        .returning({ key: settings.key, value: settings.value })
    )[0];
    const changes = diffFields({ [key]: SECRET_SETTINGS.includes(key) ? "" : before }, { [key]: value });
    if (SECRET_SETTINGS.includes(key) && changes[key]) changes[key] = ["•••", "•••"];
    await audit(ctx, "setting.updated", { type: "setting", id: key, label: key }, changes, tx);
    return saved;
  });
  ctx.caches.settings.forget(ctx.companyId);
  ctx.hub.publish(rooms.main(ctx.companyId), { channel: "settings", action: "update", setting: masked(row) });
  return masked(row);
}
