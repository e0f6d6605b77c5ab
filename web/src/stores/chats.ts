import { computed, signal } from "@preact/signals-react";
import { type Chat, type ChatMessage, listChats, markChatRead } from "../api/chats";
import { byAction } from "../realtime/exhaustive";
import { user } from "./session";

/** The signed-in user's chats (first pages), newest activity first. */
export const chats = signal<Chat[]>([]);
export const chatsHasMore = signal(false);
export const chatsLoaded = signal(false);
/** Chats with unread messages beyond the loaded ones (the server's count minus what the list shows). */
const unreadElsewhere = signal(0);
/** The chat open on /chats (its messages follow new-message frames). */
export const openChatId = signal<number | null>(null);
/** Messages that arrived live for the open chat (the page appends them). */
export const liveMessages = signal<ChatMessage[]>([]);

/** My unread count in a chat. */
export const myUnreads = (c: Chat) => c.users.find((u) => u.userId === user.peek()?.id)?.unreads ?? 0;

/** How many chats have unread messages: the menu dot and the top-bar count. */
export const unreadChatCount = computed(() => chats.value.filter((c) => myUnreads(c) > 0).length + unreadElsewhere.value);

let loading: Promise<void> | null = null;
/**
 * Chats put (a frame, one just saved here) or removed while a load is under way, by id (null: removed): the load's
 * answer may be older than them, and must not take back a chat just created or a message that just came.
 */
let touched: Map<number, Chat | null> | null = null;

/** Loads the first page once (the drawer dot, the top bar and the page share it); `force` reloads. */
export function ensureChats(force = false) {
  if ((chatsLoaded.peek() && !force) || loading) return loading ?? Promise.resolve();
  const late = new Map<number, Chat | null>();
  touched = late;
  loading = listChats(1)
    .then((r) => {
      const newer = [...late.values()].filter((c): c is Chat => c !== null);
      chats.value = [...newer, ...r.records.filter((c) => !late.has(c.id))];
      chatsHasMore.value = r.hasMore;
      unreadElsewhere.value = Math.max(0, r.unreadChats - r.records.filter((c) => myUnreads(c) > 0).length);
      chatsLoaded.value = true;
    })
    .catch(() => {
      // No retry loop: the socket's next "ready" reloads (chat load failures are silent, R-CHAT-5).
      chatsLoaded.value = true;
    })
    .finally(() => {
      loading = null;
      if (touched === late) touched = null;
    });
  return loading;
}

/** Appends a further page of chats. */
export async function loadMoreChats(page: number) {
  const r = await listChats(page);
  const seen = new Set(chats.peek().map((c) => c.id));
  chats.value = [...chats.peek(), ...r.records.filter((c) => !seen.has(c.id))];
  chatsHasMore.value = r.hasMore;
}

function put(chat: Chat, toTop: boolean) {
  touched?.set(chat.id, chat);
  const rest = chats.peek().filter((c) => c.id !== chat.id);
  const i = chats.peek().findIndex((c) => c.id === chat.id);
  if (toTop || i === -1) chats.value = [chat, ...rest];
  else chats.value = chats.peek().map((c) => (c.id === chat.id ? chat : c));
}

/** Realtime: chat frames reach only members, so every one of them belongs in the list. */
export const chatOnFrame = byAction<"chat">({
  create: (f) => put(f.chat, true),
  update: (f) => put(f.chat, false),
  delete: (f) => {
    touched?.set(f.chatId, null);
    chats.value = chats.peek().filter((c) => c.id !== f.chatId);
    if (openChatId.peek() === f.chatId) openChatId.value = null;
  },
  "new-message": (f) => {
    const open = openChatId.peek() === f.chat.id && document.visibilityState === "visible";
    if (openChatId.peek() === f.chat.id) addLiveMessage(f.message);
    if (open && f.message.senderId !== user.peek()?.id) {
      // Read at once while the chat is on screen.
      const me = user.peek()?.id;
      put({ ...f.chat, users: f.chat.users.map((u) => (u.userId === me ? { ...u, unreads: 0 } : u)) }, true);
      void markChatRead(f.chat.id).catch(() => {});
      return;
    }
    put(f.chat, true);
  },
});

/**
 * Shows a message in the open chat once, whichever comes first: the answer to the user's own send or the chat's
 * frame (a frame can be late, or missed while the socket reconnects; the sender must see what they sent at once).
 */
export function addLiveMessage(m: ChatMessage) {
  if (openChatId.peek() !== m.chatId || liveMessages.peek().some((x) => x.id === m.id)) return;
  liveMessages.value = [...liveMessages.peek(), m];
}

/** Marks a chat read locally and on the server. */
export function readChat(chat: Chat) {
  const me = user.peek()?.id;
  if (myUnreads(chat) > 0) put({ ...chat, users: chat.users.map((u) => (u.userId === me ? { ...u, unreads: 0 } : u)) }, false);
  void markChatRead(chat.id).catch(() => {});
}

/** Puts a chat just saved here at the top of the list (its frame may come a moment later). */
export const upsertChat = (chat: Chat) => put(chat, true);
