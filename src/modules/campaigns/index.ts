/** The campaigns module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export { dispatchCampaigns } from "./jobs";
export { requireCampaigns } from "./policy";
export { campaignReply } from "./replies";
export {
  cancelCampaign,
  createCampaign,
  deleteCampaign,
  listCampaigns,
  listShipments,
  restartCampaign,
  resumeCampaign,
  setCampaignMedia,
  showCampaign,
  startCampaign,
  updateCampaign,
} from "./service";
export { type CampaignSettings, campaignSettingsOf, listCampaignSettings, saveCampaignSettings } from "./settings";
