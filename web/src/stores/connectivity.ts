import { computed, signal } from "@preact/signals-react";

/** The browser says it has a network. */
export const browserOnline = signal(typeof navigator === "undefined" ? true : navigator.onLine);
/** The realtime socket is open (set by realtime/socket.ts; true until a connection is lost). */
export const socketOpen = signal(true);
/** What the "offline — reconnecting" state shows on: no network, or the server cannot be reached. */
export const reconnecting = computed(() => !browserOnline.value || !socketOpen.value);

if (typeof window !== "undefined") {
  window.addEventListener("online", () => {
    browserOnline.value = true;
  });
  window.addEventListener("offline", () => {
    browserOnline.value = false;
  });
}
