import type { UserDto } from "@contract/dto/users";
import type { ClientMessage, FrameOf, ServerFrame } from "@contract/frames";
import { LIMITS } from "@contract/limits";
import { refreshToken, tokenStoredElsewhere } from "../api/client";
import { campaignSettingsOnFrame } from "../features/campaigns/settings-store";
import { campaignsOnFrame } from "../features/campaigns/store";
import { onPaymentFrame } from "../features/finance/payment";
import { kanbanOnMessageFrame, kanbanOnTicketFrame } from "../features/kanban/store";
import { contactListItemsOnFrame, contactListsOnFrame } from "../features/contact-lists/store";
import { onSettingFrame } from "../features/settings/store";
import { todoOnFrame } from "../features/todo/tasks";
import { t } from "../i18n";
import { clearSessionKeys, load } from "../lib/storage";
import { onConnectionFrame, onSessionFrame } from "../stores/connections";
import { usersStore } from "../stores/lists";
import { chatOnFrame } from "../stores/chats";
import { announcementOnFrame } from "../stores/announcements";
import { bellOnMessage, bellOnTicket } from "../stores/notifications";
import { onPresenceFrame } from "../stores/presence";
import { endSession, patchUser } from "../stores/session";
import { onContactFrame, onMessageFrame, onTicketFrame } from "../stores/tickets";
import { toast } from "../stores/toast";
import { onAlert } from "../features/notifications/sounds";
import { checkForUpdate } from "../pwa/register";
import { socketOpen } from "../stores/connectivity";
import { catchUp } from "./catchup";
import { sandboxOnFrame } from "./connections";
import { isSessionRestart } from "./restart";
import { byAction, unhandled } from "./exhaustive";
import {
  contactsOnFrame,
  fileListsOnFrame,
  integrationsOnFrame,
  promptsOnFrame,
  queuesOnFrame,
  schedulesOnFrame,
  quickMessagesOnFrame,
  tagsOnFrame,
} from "./lists";

// Reconnect backoff: 1 s doubling to 30 s, with up to 30 % random jitter.
const BACKOFF_START_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
const BACKOFF_FACTOR = 2;
const BACKOFF_JITTER = 0.3;
const USER_STATUS_MS = LIMITS.userStatusPingMs;
const AUTH_RELOAD_DELAY_MS = 1_000;
/** Close code the server uses when it ends a session (src/realtime/hub.ts CLOSE.sessionEnded). */
const SESSION_ENDED_CODE = 4401;
/** No frame for this long (the server pings every 18 s) means a dead socket, e.g. after a phone slept. */
const STALE_MS = 45_000;
const WATCHDOG_MS = 15_000;

function putUser({ user: u }: { user: UserDto }) {
  usersStore.upsert(u);
  if (String(u.id) === load("userId")) patchUser({ name: u.name, email: u.email, profile: u.profile, queues: u.queues });
}

const onUserFrame = byAction<"user">({ create: putUser, update: putUser, delete: (f) => usersStore.remove(f.userId) });

/** The session version inside an access token (its `tv` claim), or null. */
function tokenVersionOf(token: string | null): number | null {
  try {
    const payload = JSON.parse(atob((token ?? "").split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
    return typeof payload.tv === "number" ? payload.tv : null;
  } catch {
    return null;
  }
}

/**
 * The same account signed in elsewhere: say so, clear the session after 1 s and reload. Only the
 * session's keys go: the language, theme and other preferences of this browser stay.
 */
function onAuthFrame(frame: FrameOf<"auth">) {
  if (String(frame.user.id) !== load("userId")) return;
  // The frame leaves the server before the new session's answer reaches its browser: give a sign-in
  // in another tab of THIS browser a moment to store its token, then tell the two cases apart.
  void tokenStoredElsewhere((token) => tokenVersionOf(token) === frame.tokenVersion).then((same) => {
    if (same) return;
    toast("error", t("session.elsewhere"));
    setTimeout(() => {
      clearSessionKeys();
      location.reload();
    }, AUTH_RELOAD_DELAY_MS);
  });
}

/**
 * One place where every frame goes to the stores that follow it, narrowed by channel (the frame
 * types come from src/contract/frames.ts). Exhaustive: a channel without its case does not compile
 * (`unhandled`), and each handler switches over its channel's actions the same way.
 */
function dispatch(f: ServerFrame) {
  switch (f.channel) {
    case "user":
      return onUserFrame(f);
    case "presence":
      return onPresenceFrame(f);
    case "auth":
      return onAuthFrame(f);
    case "ticket":
      onTicketFrame(f);
      kanbanOnTicketFrame(f);
      return bellOnTicket(f);
    case "appMessage":
      onMessageFrame(f);
      kanbanOnMessageFrame(f);
      return bellOnMessage(f);
    case "contact":
      onContactFrame(f);
      return contactsOnFrame(f);
    case "queue":
      return queuesOnFrame(f);
    case "tag":
      return tagsOnFrame(f);
    case "quickMessage":
      return quickMessagesOnFrame(f);
    case "file":
      return fileListsOnFrame(f);
    case "queueIntegration":
      return integrationsOnFrame(f);
    case "prompt":
      return promptsOnFrame(f);
    case "schedule":
      return schedulesOnFrame(f);
    case "chat":
      return chatOnFrame(f);
    case "announcement":
      return announcementOnFrame(f);
    case "settings":
      return onSettingFrame(f);
    case "todo":
      return todoOnFrame(f);
    case "payment":
      return onPaymentFrame(f);
    case "whatsapp":
      return onConnectionFrame(f);
    case "whatsappSession":
      return onSessionFrame(f);
    case "sandbox":
      return sandboxOnFrame(f);
    case "campaign":
      return campaignsOnFrame(f);
    case "campaignSettings":
      return campaignSettingsOnFrame(f);
    case "ContactList":
      return contactListsOnFrame(f);
    case "ContactListItem":
      return contactListItemsOnFrame(f);
    case "notification":
      return onAlert(f.notification);
    case "ping":
      serverTime = Math.max(serverTime, f.t);
      return send({ type: "pong" });
    case "ready":
      serverTime = Math.max(serverTime, f.t);
      return;
    default:
      return unhandled(f);
  }
}

let ws: WebSocket | null = null;
let wanted = false;
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let statusTimer: ReturnType<typeof setInterval> | undefined;
let watchdog: ReturnType<typeof setInterval> | undefined;
/** When the last frame arrived (local clock) and the newest server time a frame carried. */
let lastFrameAt = 0;
let serverTime = 0;
const joined: ClientMessage[] = [{ type: "joinNotification" }];

/** Sends a client message (joinTickets, joinChatBox…) when the socket is open. */
export function send(msg: ClientMessage) {
  if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

const readyListeners = new Set<(caughtUp: boolean) => void>();

/**
 * Runs after every (re)connect, once the joins are sent: views that loaded data before their room
 * was joined reload it here, so a frame published in between is never missed. `caughtUp`: the
 * tickets that changed meanwhile were already applied (lists and bell need no reload).
 */
export function onSocketReady(fn: (caughtUp: boolean) => void) {
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
  const since = serverTime;
  socket.onopen = async () => {
    opened = true;
    attempt = 0;
    lastFrameAt = Date.now();
    socketOpen.value = true;
    for (const m of joined) send(m);
    send({ type: "userStatus" });
    sendPresence();
    let caughtUp = false;
    if (since) {
      // a reconnect: apply what was missed, and look for a new version (a restart may be an upgrade)
      checkForUpdate();
      try {
        const missed = await catchUp(since);
        if (missed) for (const f of missed) dispatch(f);
        caughtUp = !!missed;
      } catch {
        // the views reload their data instead
      }
    }
    if (ws === socket) for (const fn of readyListeners) fn(caughtUp);
  };
  socket.onmessage = (ev) => {
    lastFrameAt = Date.now();
    let frame: ServerFrame;
    try {
      frame = JSON.parse(String(ev.data));
    } catch {
      return;
    }
    dispatch(frame);
  };
  socket.onclose = async (ev) => {
    if (ws !== socket) return;
    ws = null;
    if (!wanted) return;
    socketOpen.value = false;
    // The server ended this session (logout elsewhere, password change, removal): back to the login page.
    if (ev.code === SESSION_ENDED_CODE) {
      // Our own password change ended the old session and stored a new one: reconnect with it.
      if ((await isSessionRestart()) && wanted) {
        retryTimer = setTimeout(open, 0);
        return;
      }
      disconnectSocket();
      toast("error", t("session.ended"));
      endSession();
      return;
    }
    // Never opened: the access token has probably expired, so refresh it before the next try.
    if (!opened) await refreshToken();
    retryTimer = setTimeout(open, delay());
    attempt++;
  };
}

/** Tells the server whether this tab is on screen (a user with a visible tab gets no push). */
function sendPresence() {
  send({ type: "presence", visible: document.visibilityState === "visible" });
}

/**
 * The page woke (tab shown, network back, phone unlocked): a socket that died meanwhile, or that
 * looks open but has been silent past STALE_MS, is replaced now instead of after the backoff.
 */
function wake() {
  if (!wanted) return;
  const state = ws?.readyState;
  if (state === WebSocket.CONNECTING) return;
  if (state === WebSocket.OPEN && Date.now() - lastFrameAt < STALE_MS) return;
  clearTimeout(retryTimer);
  attempt = 0;
  const old = ws;
  ws = null;
  old?.close();
  socketOpen.value = false;
  open();
}

function onVisibility() {
  sendPresence();
  if (document.visibilityState === "visible") wake();
}

/** Opens the socket for the signed-in user (idempotent). */
export function connectSocket() {
  if (wanted) return;
  wanted = true;
  attempt = 0;
  open();
  statusTimer = setInterval(() => send({ type: "userStatus" }), USER_STATUS_MS);
  watchdog = setInterval(wake, WATCHDOG_MS);
  document.addEventListener("visibilitychange", onVisibility);
  window.addEventListener("online", wake);
  window.addEventListener("pageshow", wake);
}

/** Closes the socket and stops reconnecting (logout). */
export function disconnectSocket() {
  wanted = false;
  clearTimeout(retryTimer);
  clearInterval(statusTimer);
  clearInterval(watchdog);
  document.removeEventListener("visibilitychange", onVisibility);
  window.removeEventListener("online", wake);
  window.removeEventListener("pageshow", wake);
  socketOpen.value = true;
  serverTime = 0;
  joined.splice(1);
  ws?.close();
  ws = null;
}
