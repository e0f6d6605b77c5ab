import * as v from "valibot";
import { MSG } from "./common";

/** Chat title: required ('Por favor, preencha o título da conversa.', R-CHAT-1). */
export const chatTitleField = v.pipe(v.string(MSG.chatTitle), v.trim(), v.nonEmpty(MSG.chatTitle), v.maxLength(100, MSG.tooLong));

/** The other members: at least one user ('Por favor, selecione pelo menos um usuário.'), bounded. */
export const chatUsersField = v.pipe(
  v.array(v.pipe(v.number(MSG.invalid), v.integer(MSG.invalid), v.minValue(1, MSG.invalid)), MSG.chatUsers),
  v.minLength(1, MSG.chatUsers),
  v.maxLength(200, MSG.tooLong),
);

/** POST /chats and PUT /chats/{id}. */
export const ChatBody = v.object({ title: chatTitleField, users: chatUsersField });
export type ChatInput = v.InferOutput<typeof ChatBody>;

/** POST /chats/{id}/messages: blank or whitespace-only text is refused. */
export const ChatMessageBody = v.object({
  message: v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty(MSG.required), v.maxLength(4000, MSG.tooLong)),
});

/** A chat by numeric id or uuid (the page's /chats/:id is the uuid). */
export const ChatRefParam = v.object({ id: v.pipe(v.string(MSG.invalid), v.regex(/^(\d{1,12}|[0-9a-f-]{36})$/i, MSG.invalid)) });
