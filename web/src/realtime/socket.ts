import type { ClientMessage, ServerFrame } from "@contract/events";
import { LIMITS } from "@contract/limits";
import type { User } from "../api/types";
import { refreshToken } from "../api/client";
import { t } from "../i18n";
import { load } from "../lib/storage";
import { onSettingFrame } from "../features/settings/store";
import { CONNECTION_HANDLERS } from "./connections";
import { LIST_HANDLERS } from "./lists";
import { usersStore } from "../stores/lists";
import { patchUser } from "../stores/session";
import { onContactFrame, onMessageFrame, onTicketFrame } from "../stores/tickets";
import { toast } from "../stores/toast";

// Reconnect backoff: 1 s doubling to 30 s, with up to 30 % random jitter.
const BACKOFF_START_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
const BACKOFF_FACTOR = 2;
const BACKOFF_JITTER = 0.3;
const USER_STATUS_MS = LIMITS.userStatusPingMs;
const AUTH_RELOAD_DELAY_MS = 1_000;

type Handler = (frame: ServerFrame) => void;

function onUserFrame(frame: ServerFrame) {
  if (frame.action === "delete") return usersStore.remove(Number(frame.userId));
  const u = frame.user as User | undefined;
  if (!u) return;
  usersStore.upsert(u);
  if (String(u.id) === load("userId")) patchUser({ name: u.name, email: u.email, profile: u.profile, queues: u.queues });
}

/** How long a sign-in in another tab of this browser has to store its token (see onAuthFrame). */
const SAME_BROWSER_GRACE_MS = 1_500;

/** The session version inside an access token (its `tv` claim), or null. */
function tokenVersionOf(token: string | null): number | null {
  try {
    const payload = JSON.parse(atob((token ?? "").split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
    return typeof payload.tv === "number" ? payload.tv : null;
  } catch {
    return null;
  }
}

/** The same account signed in elsewhere: say so, clear storage after 1 s and reload. */
function onAuthFrame(frame: ServerFrame) {
  const id = (frame.user as { id?: number } | undefined)?.id;
  if (id === undefined || String(id) !== load("userId")) return;
  // The frame leaves the server before the new session's answer reaches its browser: give a sign-in
  // in another tab of THIS browser a moment to store its token, then tell the two cases apart.
  setTimeout(() => {
    if (typeof frame.tokenVersion === "number" && tokenVersionOf(load("token")) === frame.tokenVersion) return;
    toast("error", t("session.elsewhere"));
    setTimeout(() => {
      localStorage.clear();
      location.reload();
    }, AUTH_RELOAD_DELAY_MS);
  }, SAME_BROWSER_GRACE_MS);
}

/** One map from channel to store action; later areas add their channels here. */
const HANDLERS: Partial<Record<ServerFrame["channel"], Handler>> = {
  user: onUserFrame,
  auth: onAuthFrame,
  ticket: onTicketFrame,
  appMessage: onMessageFrame,
  contact: onContactFrame,
  settings: onSettingFrame,
  ping: () => send({ type: "pong" }),
};

let ws: WebSocket | null = null;
let wanted = false;
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let statusTimer: ReturnType<typeof setInterval> | undefined;
const joined: ClientMessage[] = [{ type: "joinNotification" }];

/** Sends a client message (joinTickets, joinChatBox…) when the socket is open. */
export function send(msg: ClientMessage) {
  if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

const readyListeners = new Set<() => void>();

/**
 * Runs after every (re)connect, once the joins are sent: views that loaded data before their room
 * was joined reload it here, so a frame published in between is never missed.
 */
export function onSocketReady(fn: () => void) {
  readyListeners.add(fn);
  return () => {
    readyListeners.delete(fn);
  };
}

/** Sends a join message now and again after every reconnect. */
export function join(msg: ClientMessage) {
  joined.push(msg);
  send(msg);
}

/** Undoes a join (leaveChatBox, leaveTickets): sends it and stops repeating the matching join. */
export function leave(msg: ClientMessage, matching: ClientMessage) {
  const i = joined.findIndex((m) => JSON.stringify(m) === JSON.stringify(matching));
  if (i > 0) joined.splice(i, 1);
  send(msg);
}

const delay = () => {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * BACKOFF_FACTOR ** attempt);
  return Math.round(base * (1 + (Math.random() * 2 - 1) * BACKOFF_JITTER));
};

function open() {
  const token = load("token");
  if (!wanted || !token) return;
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${proto}//${location.host}/ws?token=${encodeURIComponent(token)}`);
  ws = socket;
  let opened = false;
  socket.onopen = () => {
    opened = true;
    attempt = 0;
    for (const m of joined) send(m);
    send({ type: "userStatus" });
    for (const fn of readyListeners) fn();
  };
  socket.onmessage = (ev) => {
    let frame: ServerFrame;
    try {
      frame = JSON.parse(String(ev.data));
    } catch {
      return;
    }
    HANDLERS[frame.channel]?.(frame);
    LIST_HANDLERS[frame.channel]?.(frame);
    CONNECTION_HANDLERS[frame.channel]?.(frame);
  };
  socket.onclose = async () => {
    if (ws !== socket) return;
    ws = null;
    if (!wanted) return;
    // Never opened: the access token has probably expired, so refresh it before the next try.
    if (!opened) await refreshToken();
    retryTimer = setTimeout(open, delay());
    attempt++;
  };
}

/** Opens the socket for the signed-in user (idempotent). */
export function connectSocket() {
  if (wanted) return;
  wanted = true;
  attempt = 0;
  open();
  statusTimer = setInterval(() => send({ type: "userStatus" }), USER_STATUS_MS);
}

/** Closes the socket and stops reconnecting (logout). */
export function disconnectSocket() {
  wanted = false;
  clearTimeout(retryTimer);
  clearInterval(statusTimer);
  joined.splice(1);
  ws?.close();
  ws = null;
}
