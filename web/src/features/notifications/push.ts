import { signal } from "@preact/signals-react";
import { getNotificationSettings, listDevices, removeDevice, saveDevice } from "../../api/notifications";
import { language } from "../../i18n";
import { load, save } from "../../lib/storage";

/** Whether this browser can receive Web Push here (a service worker on HTTPS or localhost, the Push API). */
export const pushSupported = () =>
  typeof navigator !== "undefined" &&
  "serviceWorker" in navigator &&
  typeof PushManager !== "undefined" &&
  typeof Notification !== "undefined" &&
  isSecureContext;

/** Bumped at each answer to the permission prompt: what reads the permission (the offers to turn notifications on) follows it. */
export const permissionAnswered = signal(0);

/** This browser's random device id (kept in local storage). */
export function deviceId(): string {
  let id = load("deviceId");
  if (!id) {
    id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
    save("deviceId", id);
  }
  return id;
}

const keyBytes = (b64url: string) => Uint8Array.from(atob(b64url.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const b64url = (buf: ArrayBuffer | null) =>
  buf
    ? btoa(String.fromCharCode(...new Uint8Array(buf)))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "")
    : "";

/** Sends this browser's subscription to the server (its language too: notifications are written in it). */
async function register(sub: PushSubscription) {
  await saveDevice({
    deviceId: deviceId(),
    endpoint: sub.endpoint,
    keys: { p256dh: b64url(sub.getKey("p256dh")), auth: b64url(sub.getKey("auth")) },
    lang: language.peek(),
  });
}

/**
 * Turns notifications on for this device: asks the permission (a user gesture must call this),
 * subscribes with the server's VAPID key and registers the subscription. Answers the permission.
 */
export async function enablePush(): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission().finally(() => permissionAnswered.value++);
  if (permission !== "granted") return permission;
  const reg = await navigator.serviceWorker.ready;
  const { vapidPublicKey } = await getNotificationSettings();
  let sub = await reg.pushManager.getSubscription();
  // a subscription made with another server key (a restored or moved install) cannot be used
  if (sub && b64url(sub.options.applicationServerKey) !== vapidPublicKey) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidPublicKey) });
  await register(sub);
  save("pushUserId", load("userId"));
  return permission;
}

/** Turns notifications off for this device (its row goes too). */
export async function disablePush(deviceRowId?: number) {
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = await reg?.pushManager.getSubscription();
  await sub?.unsubscribe();
  save("pushUserId", null);
  if (deviceRowId) await removeDevice(deviceRowId);
}

/**
 * Signing out: this device stops getting the user's notifications (its row goes; the browser keeps
 * its subscription, so signing in again turns them back on for the same user).
 */
export async function forgetThisDevice() {
  const id = load("deviceId");
  if (!id) return;
  const mine = (await listDevices(id)).devices.find((d) => d.current);
  if (mine) await removeDevice(mine.id);
}

/** Whether this device has a live subscription now. */
export async function pushEnabled(): Promise<boolean> {
  if (!pushSupported() || Notification.permission !== "granted") return false;
  const reg = await navigator.serviceWorker.getRegistration();
  return !!(await reg?.pushManager.getSubscription());
}

/**
 * At each start of a signed-in session: a device its user subscribed tells the server again (the row
 * may have been dropped at sign-out or by the push service, the language may differ). Another account
 * signing in on this browser is not enrolled without asking.
 */
export async function syncPushDevice() {
  try {
    if (!pushSupported() || Notification.permission !== "granted" || load("pushUserId") !== load("userId")) return;
    const reg = await navigator.serviceWorker.ready;
    const sub = await reg.pushManager.getSubscription();
    if (sub) await register(sub);
  } catch {
    // best effort: the profile's notification settings show the device's state
  }
}
