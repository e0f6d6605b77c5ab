import { beforeEach, expect, test } from "bun:test";
import { holdFetch } from "../helpers/held-fetch";
import type { Chat, ChatMessage } from "../../web/src/api/chats";
import { addLiveMessage, chatOnFrame, chats, ensureChats, liveMessages, openChatId, upsertChat } from "../../web/src/stores/chats";
import { user } from "../../web/src/stores/session";

const ME = 3;
const msg = (id: number, chatId = 10, senderId = ME): ChatMessage => ({
  id,
  chatId,
  message: `m${id}`,
  senderId,
  sender: { id: senderId, name: "Ana" },
  createdAt: "2026-11-27T10:00:00.000Z",
});
const chat = { id: 10, title: "Escala", ownerId: ME, users: [] } as unknown as Chat;

// The frame handler asks whether the page is visible (a read receipt); the sender's own message is never one.
(globalThis as { document?: unknown }).document ??= { visibilityState: "visible" };

beforeEach(() => {
  user.value = { id: ME } as never;
  openChatId.value = 10;
  liveMessages.value = [];
});

test("the sender's own message shows from the send's answer, once, when its frame also comes (either order)", () => {
  addLiveMessage(msg(1));
  chatOnFrame({ channel: "chat", action: "new-message", chat, message: msg(1) } as never);
  chatOnFrame({ channel: "chat", action: "new-message", chat, message: msg(2) } as never);
  addLiveMessage(msg(2));
  expect(liveMessages.value.map((m) => m.id)).toEqual([1, 2]);
});

test("a message of another chat is not shown in the open one", () => {
  addLiveMessage(msg(5, 11));
  expect(liveMessages.value).toEqual([]);
});

test("a chat created or a message that came while the list loads is not taken back by the load's older answer", async () => {
  const held = holdFetch();
  try {
    const old = { id: 1, uuid: "u1", title: "Antiga", ownerId: ME, users: [] } as unknown as Chat;
    const gone = { id: 2, uuid: "u2", title: "Apagada", ownerId: ME, users: [] } as unknown as Chat;
    const loaded = ensureChats(true);
    // While the request is out: a chat is created here, another is deleted, and a message moves the old one up.
    upsertChat({ id: 3, uuid: "u3", title: "Nova", ownerId: ME, users: [] } as unknown as Chat);
    chatOnFrame({ channel: "chat", action: "delete", chatId: 2 } as never);
    chatOnFrame({ channel: "chat", action: "new-message", chat: { ...old, title: "Antiga (nova mensagem)" }, message: msg(9, 1) } as never);
    held.answer({ records: [old, gone], hasMore: false, count: 2, unreadChats: 0 });
    await loaded;
    expect(chats.value.map((c) => [c.id, c.title])).toEqual([
      [3, "Nova"],
      [1, "Antiga (nova mensagem)"],
    ]);
  } finally {
    held.restore();
  }
});
