import { beforeEach, expect, test } from "bun:test";
import type { Chat, ChatMessage } from "../../web/src/api/chats";
import { addLiveMessage, chatOnFrame, liveMessages, openChatId } from "../../web/src/stores/chats";
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
