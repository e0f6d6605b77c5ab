import type { FrameOf } from "@contract/frames";
import { signal } from "@preact/signals-react";
import type { Setting } from "../../api/types";
import { onFeatureSetting } from "../../stores/session";

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
export function onSettingFrame(frame: FrameOf<"settings">) {
  patchSetting(frame.setting);
  void onFeatureSetting(frame.setting.key);
}
