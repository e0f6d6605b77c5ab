import { navigate } from "wouter/use-browser-location";
import { t } from "../i18n";
import { toast } from "../stores/toast";

let registration: ServiceWorkerRegistration | null = null;

/** The new version took over: say so, with a reload (the next navigation loads it anyway). */
function announceUpdate() {
  toast("info", t("pwa.updated"), 0, { label: t("pwa.reload"), run: () => location.reload() });
}

/**
 * Registers the service worker (public/sw.js, scope /) where the browser allows one (HTTPS or
 * localhost). A worker replacing the one that controlled this page is a new version: the toast says
 * so. A click on a notification while a tab is open arrives here and opens its ticket in place.
 */
export async function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !isSecureContext) return;
  const sw = navigator.serviceWorker;
  let controlled = !!sw.controller;
  sw.addEventListener("controllerchange", () => {
    if (controlled) announceUpdate();
    controlled = true;
  });
  sw.addEventListener("message", (e: MessageEvent) => {
    const url = (e.data as { type?: string; url?: unknown } | null)?.url;
    if ((e.data as { type?: string })?.type === "open" && typeof url === "string" && url.startsWith("/") && !url.startsWith("//")) navigate(url);
  });
  try {
    registration = await sw.register("/sw.js", { scope: "/", updateViaCache: "none" });
  } catch {
    return; // the app works without it, only not offline
  }
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") checkForUpdate();
  });
}

/** Asks the browser to look for a new service worker now (the tab came back, the server restarted). */
export function checkForUpdate() {
  registration?.update().catch(() => undefined);
}
