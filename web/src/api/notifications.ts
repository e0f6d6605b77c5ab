import type { NotificationSettingsDto, PushDeviceDto } from "@contract/dto/notifications";
import type { NotificationPrefs } from "@contract/schemas/notifications";
import { api } from "./client";

export type PushDevice = PushDeviceDto;
export type NotificationSettings = NotificationSettingsDto;
export type { NotificationPrefs };

/** GET /notifications/devices: the caller's devices; `deviceId` marks this browser's as current. */
export const listDevices = (deviceId: string) => api<{ devices: PushDevice[] }>("/notifications/devices", { query: { deviceId } });
/** POST /notifications/devices: this browser's push subscription. */
export const saveDevice = (body: { deviceId: string; endpoint: string; keys: { p256dh: string; auth: string }; lang: string }) =>
  api<PushDevice>("/notifications/devices", { method: "POST", body });
export const removeDevice = (id: number) => api(`/notifications/devices/${id}`, { method: "DELETE" });
export const getNotificationSettings = () => api<NotificationSettings>("/notifications/preferences");
export const saveMyPrefs = (prefs: NotificationPrefs) => api<NotificationSettings>("/notifications/preferences", { method: "PUT", body: prefs });
export const resetMyPrefs = () => api<NotificationSettings>("/notifications/preferences", { method: "DELETE" });
/** PUT /notifications/defaults (admins): the company's defaults. */
export const saveCompanyDefaults = (prefs: NotificationPrefs) => api<NotificationSettings>("/notifications/defaults", { method: "PUT", body: prefs });
