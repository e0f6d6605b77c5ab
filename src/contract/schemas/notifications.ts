import * as v from "valibot";
import { MSG } from "./common";

/** The kinds of event a user can be alerted about (connection: admins only). */
export const NOTIFICATION_KINDS = ["newTicket", "newMessage", "transfer", "chat", "connection"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How an event reaches the user: a sound in an open tab, a desktop/phone notification, both, or nothing. */
export const NOTIFICATION_MODES = ["sound", "notification", "both", "none"] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];

/** Limits of the push routes' inputs. */
export const PUSH_LIMITS = {
  /** Push services' endpoint URLs are well under this (FCM ~250, Mozilla ~300, Apple ~200 characters). */
  endpointMax: 1024,
  /** Base64url of a P-256 public key (65 bytes → 87 characters) and of the 16-byte auth secret (22). */
  p256dhLength: 87,
  authLength: 22,
  deviceIdMax: 64,
  /** Devices one user may register (older ones are dropped past it). */
  devicesPerUser: 10,
} as const;

const hhmm = v.pipe(v.string(MSG.invalid), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, MSG.invalid));
const mode = v.picklist(NOTIFICATION_MODES, MSG.invalid);

/** PUT /notifications/preferences and PUT /notifications/defaults: the whole document. */
export const NotificationPrefsBody = v.object({
  kinds: v.object({
    newTicket: mode,
    newMessage: mode,
    transfer: mode,
    chat: mode,
    connection: mode,
  }),
  /** Whether notifications show the message's text (off: "New message" only). */
  preview: v.boolean(MSG.invalid),
  /** Quiet hours (company time zone): no sound and no notification between start and end; null = none. */
  quiet: v.nullable(
    v.pipe(
      v.object({ start: hhmm, end: hhmm }),
      v.check((q) => q.start !== q.end, MSG.invalid),
    ),
  ),
});
export type NotificationPrefs = v.InferOutput<typeof NotificationPrefsBody>;

const b64url = (len: number) => v.pipe(v.string(MSG.invalid), v.length(len, MSG.invalid), v.regex(/^[A-Za-z0-9_-]+$/, MSG.invalid));

/** POST /notifications/devices: the browser's PushSubscription plus this device's id and language. */
export const PushDeviceBody = v.object({
  deviceId: v.pipe(
    v.string(MSG.required),
    v.minLength(8, MSG.invalid),
    v.maxLength(PUSH_LIMITS.deviceIdMax, MSG.invalid),
    v.regex(/^[A-Za-z0-9_-]+$/, MSG.invalid),
  ),
  endpoint: v.pipe(v.string(MSG.required), v.maxLength(PUSH_LIMITS.endpointMax, MSG.tooLong), v.url(MSG.invalid)),
  keys: v.object({ p256dh: b64url(PUSH_LIMITS.p256dhLength), auth: b64url(PUSH_LIMITS.authLength) }),
  lang: v.optional(v.picklist(["pt-BR", "en", "es"], MSG.invalid), "pt-BR"),
});
export type PushDeviceInput = v.InferOutput<typeof PushDeviceBody>;
