import type { CampaignDto, CampaignFields, CampaignShippingDto } from "@contract/dto/campaigns";
import type { Page } from "@contract/dto/common";
import { api } from "./client";
import { listPage, mediaOf, resource } from "./resource";

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
