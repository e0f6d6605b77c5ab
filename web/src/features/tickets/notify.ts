import { navigate } from "wouter/use-browser-location";
import type { Message } from "../../api/messages";
import type { Ticket } from "../../api/tickets";
import { t } from "../../i18n";
import { user } from "../../stores/session";
import { volume } from "../../stores/ui";

let ctx: AudioContext | null = null;

/** A short two-tone chime made with WebAudio (no sound file to download), at the stored volume. */
export function playChime() {
  const v = volume.peek();
  if (v <= 0 || typeof AudioContext === "undefined") return;
  try {
    ctx ??= new AudioContext();
    const now = ctx.currentTime;
    for (const [i, freq] of [880, 1320].entries()) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      const start = now + i * 0.12;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.25 * v, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.25);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start);
      osc.stop(start + 0.26);
    }
  } catch {
    // autoplay policy or no audio device: stay silent
  }
}

/** Whether the browser may show notifications now (permission already granted). */
export const notificationsGranted = () => typeof Notification !== "undefined" && Notification.permission === "granted";
/** Whether asking makes sense (never asked yet). */
export const canAskNotifications = () => typeof Notification !== "undefined" && Notification.permission === "default";

/**
 * New inbound message: chime, and a browser notification when the tab is hidden. Only tickets the
 * user handles, plus pending ones for users with allTicket "enable" (R-USER-1).
 */
export function notifyMessage(m: Message, ticket: Ticket, isOpen: boolean) {
  const u = user.peek();
  if (!u) return;
  const mine = ticket.userId === u.id;
  const pendingForMe = ticket.status === "pending" && u.allTicket === "enable";
  if (!mine && !pendingForMe) return;
  const hidden = typeof document !== "undefined" && document.visibilityState === "hidden";
  if (isOpen && !hidden) return;
  playChime();
  if (!hidden || !notificationsGranted()) return;
  try {
    const n = new Notification(t("tickets.notify.title", { name: ticket.contact.name }), {
      body: m.body || t("tickets.notify.media"),
      tag: `ticket-${ticket.id}`,
    });
    n.onclick = () => {
      window.focus();
      if (ticket.status !== "pending") navigate(`/tickets/${ticket.uuid}`);
      n.close();
    };
  } catch {
    // some platforms only allow notifications from a service worker
  }
}
