import type { FrameOf } from "@contract/frames";
import { CAMPAIGN_SETTING_DEFAULTS } from "@contract/limits";
import { signal } from "@preact/signals-react";
import { type CampaignSettings, decodeSettings } from "../../api/campaignSettings";

/**
 * The company's campaign settings as last saved (null while /campaigns-config is closed): the page
 * edits a draft of them, and a save anywhere (this tab, another tab, another manager) replaces them.
 */
export const savedCampaignSettings = signal<CampaignSettings | null>(null);

/** Fills missing keys with their defaults (a company that never saved some of them). */
export const withDefaults = (s: Partial<CampaignSettings>): CampaignSettings => ({ ...CAMPAIGN_SETTING_DEFAULTS, ...s });

/** Realtime `campaignSettings` (R-CMP-14: a save announces the whole set) → the open settings page. */
export function campaignSettingsOnFrame(f: FrameOf<"campaignSettings">) {
  if (savedCampaignSettings.peek()) savedCampaignSettings.value = withDefaults(decodeSettings(f.settings));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The draft after the saved settings moved from `before` to `after`: a field the user has not touched
 * (still equal to `before`) takes the new value, a field they changed keeps their edit.
 */
export function rebase(draft: CampaignSettings, before: CampaignSettings, after: CampaignSettings): CampaignSettings {
  const next = { ...draft };
  for (const key of Object.keys(after) as (keyof CampaignSettings)[]) {
    if (same(draft[key], before[key])) Object.assign(next, { [key]: after[key] });
  }
  return next;
}

/** Whether two settings objects hold the same values. */
export const sameSettings = (a: CampaignSettings, b: CampaignSettings) => same(a, b);
