import * as v from "valibot";
import { type NotificationKind, type NotificationMode, type NotificationPrefs, NotificationPrefsBody } from "../../contract/schemas/notifications";
import { wallParts } from "../../contract/zoned";

/** What applies when neither the user nor the company chose: every event with sound and notification, text shown. */
export const BUILTIN_PREFS: NotificationPrefs = {
  kinds: { newTicket: "both", newMessage: "both", transfer: "both", chat: "both", connection: "both" },
  preview: true,
  quiet: null,
};

/** A stored preferences document, or null when it no longer matches the schema (then the next level applies). */
export function readPrefs(json: string | null | undefined): NotificationPrefs | null {
  if (!json) return null;
  try {
    const res = v.safeParse(NotificationPrefsBody, JSON.parse(json));
    return res.success ? res.output : null;
  } catch {
    return null;
  }
}

/** Whether a mode plays a sound in an open tab. */
export const wantsSound = (m: NotificationMode) => m === "sound" || m === "both";
/** Whether a mode shows a desktop or phone notification. */
export const wantsNotification = (m: NotificationMode) => m === "notification" || m === "both";

/** Minutes since midnight of "HH:MM". */
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether an instant falls in the quiet hours, read on the company's clock (`tz`). A window whose
 * end is before its start spans midnight (22:00-07:00).
 */
export function inQuietHours(prefs: NotificationPrefs, at: number, tz: string): boolean {
  if (!prefs.quiet) return false;
  const w = wallParts(tz, at);
  const now = w.h * 60 + w.min;
  const start = minutesOf(prefs.quiet.start);
  const end = minutesOf(prefs.quiet.end);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** How one event kind reaches a user now: quiet hours silence everything. */
export function deliveryOf(prefs: NotificationPrefs, kind: NotificationKind, at: number, tz: string): { sound: boolean; notification: boolean } {
  if (inQuietHours(prefs, at, tz)) return { sound: false, notification: false };
  const mode = prefs.kinds[kind];
  return { sound: wantsSound(mode), notification: wantsNotification(mode) };
}
