import type { CampaignSettingDto } from "@contract/dto/campaigns";
import type { CAMPAIGN_SETTING_DEFAULTS } from "@contract/limits";
import { api } from "./client";

export type CampaignSettings = typeof CAMPAIGN_SETTING_DEFAULTS;

/** GET /campaign-settings → the settings as an object (values JSON-decoded). */
export async function getCampaignSettings(): Promise<Partial<CampaignSettings>> {
  return decodeSettings(await api<CampaignSettingDto[]>("/campaign-settings"));
}

/** The key/JSON rows as an object. */
export function decodeSettings(rows: CampaignSettingDto[]): Partial<CampaignSettings> {
  const out: Record<string, unknown> = {};
  for (const r of rows) {
    try {
      out[r.key] = JSON.parse(r.value);
    } catch {
      out[r.key] = r.value;
    }
  }
  return out as Partial<CampaignSettings>;
}

/** POST /campaign-settings `{ settings }`. */
export const saveCampaignSettings = (settings: Partial<CampaignSettings>) =>
  api<CampaignSettingDto[]>("/campaign-settings", { method: "POST", body: { settings } });
