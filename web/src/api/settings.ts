import { api } from "./client";
import type { Setting } from "./types";

/** GET /settings: the company's settings as key/value rows. */
export const listSettings = () => api<Setting[]>("/settings");

/** PUT /settings/{key}. */
export const updateSetting = (key: string, value: string) => api<Setting>(`/settings/${encodeURIComponent(key)}`, { method: "PUT", body: { key, value } });
