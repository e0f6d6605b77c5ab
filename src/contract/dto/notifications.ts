import type { NotificationKind, NotificationPrefs } from "../schemas/notifications";

/** A device of the signed-in user that receives Web Push notifications (never its keys or endpoint). */
export interface PushDeviceDto {
  id: number;
  browser: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** The device this browser is (the caller sent its deviceId). */
  current: boolean;
}

/** GET /notifications/preferences: what applies, whether it is the user's own choice, and the company's defaults. */
export interface NotificationSettingsDto {
  prefs: NotificationPrefs;
  custom: boolean;
  defaults: NotificationPrefs;
  /** The VAPID public key the browser subscribes with (base64url). */
  vapidPublicKey: string;
}

/** An alert for an open tab (`notification create` frame): the tab plays the kind's sound. */
export interface NotificationDto {
  /** Unique per alert: tabs of one browser play it once. */
  id: string;
  kind: NotificationKind;
  sound: boolean;
  /** Where a click leads (the ticket, the chat, the connections page). */
  url: string;
}

/** The decrypted body of a push message, as the service worker reads it. */
export interface PushPayload {
  kind: NotificationKind;
  title: string;
  body: string;
  url: string;
  /** Notifications with the same tag replace each other on the device (one per ticket or chat). */
  tag: string;
}
