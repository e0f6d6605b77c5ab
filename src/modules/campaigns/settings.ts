import { eq, sql } from "drizzle-orm";
import type { CampaignSettingDto } from "../../contract/dto/campaigns";
import { CAMPAIGN_SETTING_DEFAULTS } from "../../contract/limits";
import type { CampaignSettingsInput } from "../../contract/schemas/campaigns";
import type { DbOrTx } from "../../core/db";
import type { Ctx } from "../../core/deps";
import { canPrepare, prepared } from "../../db/prepared";
import { AppError } from "../../core/errors";
import { isoNow } from "../../lib/clock";
import { rooms } from "../../contract/rooms";
import { campaignSettings } from "./schema";

export type CampaignSettings = typeof CAMPAIGN_SETTING_DEFAULTS;

/** The company's campaign settings with the spec's defaults for keys never saved (20, 20, 60, []). */
export async function campaignSettingsOf(db: DbOrTx, companyId: number): Promise<CampaignSettings> {
  const out: CampaignSettings = { ...CAMPAIGN_SETTING_DEFAULTS, variables: [], optOutWords: [...CAMPAIGN_SETTING_DEFAULTS.optOutWords] };
  for (const r of await settingRows(db, companyId)) {
    if (!(r.key in out)) continue;
    try {
      (out as Record<string, unknown>)[r.key] = JSON.parse(r.value);
    } catch {
      // a hand-edited value that is not JSON keeps the default
    }
  }
  return out;
}

/** The company's saved rows; prepared on bun:sqlite: every inbound message reads them (the opt-out check). */
function settingRows(db: DbOrTx, companyId: number) {
  if (!canPrepare(db)) return db.select().from(campaignSettings).where(eq(campaignSettings.companyId, companyId));
  return prepared(db, "campaigns.settings", (d) =>
    d
      .select()
      .from(campaignSettings)
      .where(eq(campaignSettings.companyId, sql.placeholder("companyId")))
      .prepare(),
  ).all({ companyId });
}

const asDto = (s: CampaignSettings): CampaignSettingDto[] => Object.entries(s).map(([key, value]) => ({ key, value: JSON.stringify(value) }));

/** GET /campaign-settings: every key with its JSON-encoded value (defaults included). */
export const listCampaignSettings = async (ctx: Ctx) => asDto(await campaignSettingsOf(ctx.db, ctx.companyId));

/**
 * POST /campaign-settings `{ settings: { key: value } }`: upserts each key sent; a variable's
 * shortcut must be unique (R-CMP-14). Announces the whole set.
 */
export async function saveCampaignSettings(ctx: Ctx, input: CampaignSettingsInput) {
  if (input.variables) {
    const seen = new Set<string>();
    for (const v of input.variables) {
      const k = v.key.toLowerCase();
      if (seen.has(k)) throw new AppError("ERR_CAMPAIGN_VARIABLE_EXISTS", 400, { key: v.key });
      seen.add(k);
    }
  }
  const now = isoNow(ctx.clock);
  await ctx.db.transaction(async (tx) => {
    for (const [key, value] of Object.entries(input)) {
      if (value === undefined) continue;
      const json = JSON.stringify(value);
      await tx
        .insert(campaignSettings)
        .values({ companyId: ctx.companyId, key, value: json, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: [campaignSettings.companyId, campaignSettings.key], set: { value: json, updatedAt: now } });
    }
  });
  const settings = await listCampaignSettings(ctx);
  ctx.hub.publish(rooms.campaigns(ctx.companyId), { channel: "campaignSettings", action: "update", settings });
  return settings;
}
