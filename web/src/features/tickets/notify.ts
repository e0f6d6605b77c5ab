import { signal } from "@preact/signals-react";
import { load, save } from "../../lib/storage";
import { toastError } from "../../stores/toast";
import { enablePush, permissionAnswered, pushSupported } from "../notifications/push";

/** Whether asking makes sense: this browser can take push notifications and was never asked. */
export function canAskNotifications() {
  void permissionAnswered.value; // re-read after an answer, wherever it was asked
  return pushSupported() && Notification.permission === "default";
}

/**
 * The offer to turn on notifications: a banner over the ticket list until dismissed; after that it
 * lives in the account menu (TopBar), so a dismissed banner never costs a phone its room again.
 */
export const notifyBannerDismissed = signal(load("notifyAskDismissed") === "1");

/** Folds the banner into the account menu, for good on this browser. */
export function dismissNotifyBanner() {
  notifyBannerDismissed.value = true;
  save("notifyAskDismissed", "1");
}

/**
 * Turns notifications on for this device (the banner's and the menu's button, a user gesture): asks
 * the permission and registers the push subscription; a failure is a toast.
 */
export function askNotifications() {
  return enablePush().catch(toastError);
}
