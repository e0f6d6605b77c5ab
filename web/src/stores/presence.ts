import { signal } from "@preact/signals-react";
import type { FrameOf } from "@contract/frames";
import { user } from "./session";

/** Online states told live by `presence` frames since the page loaded; newer than any fetched list. */
const live = signal<ReadonlyMap<number, boolean>>(new Map());

/** A presence frame: the user came online or went offline. */
export function onPresenceFrame(f: FrameOf<"presence">) {
  const next = new Map(live.peek());
  next.set(f.userId, f.online);
  live.value = next;
}

/**
 * Whether a user is online now: the signed-in user always is (they are looking), anyone else as the
 * latest frame says, else as the list that was fetched (dashboard attendants, users list).
 */
export function isOnline(userId: number, fetched: boolean): boolean {
  if (userId === user.value?.id) return true;
  return live.value.get(userId) ?? fetched;
}
