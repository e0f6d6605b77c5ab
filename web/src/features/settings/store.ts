import type { ServerFrame } from "@contract/events";
import { signal } from "@preact/signals-react";
import type { Setting } from "../../api/types";

/** The company's settings by key while the settings page has loaded them (null before). */
export const settingValues = signal<Record<string, string> | null>(null);

/** Replaces the known settings with a GET /settings answer. */
export function putSettings(list: Setting[]) {
  settingValues.value = Object.fromEntries(list.map((s) => [s.key, s.value]));
}

/** Applies one saved setting (our own save or a `settings` frame). */
export function patchSetting(s: Setting) {
  if (settingValues.value) settingValues.value = { ...settingValues.value, [s.key]: s.value };
}

/** Realtime `settings` update: another admin (or tab) changed a setting. */
export function onSettingFrame(frame: ServerFrame) {
  const s = frame.setting as Setting | undefined;
  if (frame.action === "update" && s && typeof s.key === "string") patchSetting(s);
}
