import type { CampaignDto, CampaignFields, CampaignSettingDto, CampaignShippingDto } from "@contract/dto/campaigns";
import type { Page } from "@contract/dto/common";
import type { CAMPAIGN_SETTING_DEFAULTS } from "@contract/limits";
import { api } from "./client";
import { listPage, mediaOf, resource } from "./resource";

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

export type Campaign = CampaignDto;
export type CampaignShipping = CampaignShippingDto;

/** What the campaign dialog sends (R-CMP-1). */
export type CampaignInput = CampaignFields;

/** GET /campaigns: a page ordered by name. */
export const listCampaigns = listPage<"records", Campaign>("/campaigns");
/** A campaign's own calls and its one attachment (sent with each message). */
export const campaignsApi = resource<Campaign, CampaignInput>("/campaigns");
export const campaignMedia = mediaOf<Campaign>("/campaigns");
/** POST /campaigns/{id}/start: "start now" (INATIVA or PROGRAMADA). */
export const startCampaign = (id: number) => api<Campaign>(`/campaigns/${id}/start`, { method: "POST" });
export const cancelCampaign = (id: number) => api(`/campaigns/${id}/cancel`, { method: "POST" });
export const restartCampaign = (id: number) => api(`/campaigns/${id}/restart`, { method: "POST" });
export const resumeCampaign = (id: number) => api(`/campaigns/${id}/resume`, { method: "POST" });
/** GET /campaigns/{id}/shipping: the report's shipments, in list order. */
export const listShipping = (id: number, pageNumber: number) => api<Page<"shipping", CampaignShipping>>(`/campaigns/${id}/shipping`, { query: { pageNumber } });
