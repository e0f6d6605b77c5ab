import type { NotificationDto } from "@contract/dto/notifications";
import type { NotificationKind } from "@contract/schemas/notifications";
import chat from "../../assets/sounds/chat.mp3";
import newMessage from "../../assets/sounds/new-message.mp3";
import newTicket from "../../assets/sounds/new-ticket.mp3";
import transfer from "../../assets/sounds/transfer.mp3";
import { load, save } from "../../lib/storage";
import { volume } from "../../stores/ui";

/** One short sound per kind of event (synthesized by scripts/make-sounds.sh). */
const SOUNDS: Record<NotificationKind, string> = { newTicket, newMessage, transfer, chat, connection: transfer };

/** Plays a kind's sound at the top bar's volume; the browser may refuse before the first click (then silence). */
export function playSound(kind: NotificationKind) {
  const v = volume.peek();
  if (v <= 0) return;
  const audio = new Audio(SOUNDS[kind]);
  audio.volume = v;
  audio.play().catch(() => undefined);
}

/**
 * `notification create` frames (the server decided this user hears this event): one tab of the
 * browser plays it — a visible tab at once, hidden ones only if no tab claimed it first.
 */
export function onAlert(n: NotificationDto) {
  if (!n.sound) return;
  const claim = () => {
    if (load("alertPlayed") === n.id) return;
    save("alertPlayed", n.id);
    playSound(n.kind);
  };
  if (document.visibilityState === "visible") claim();
  else setTimeout(claim, 150 + Math.random() * 200);
}
