import { Elysia } from "elysia";
import { ChatBody, ChatMessageBody, ChatRefParam } from "../../contract/schemas/chats";
import { PageQuery } from "../../contract/schemas/common";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { createChat, deleteChat, listChatMessages, listChats, markChatRead, sendChatMessage, showChat, updateChat } from "../../modules/chats";
import { created } from "./kit";

/** /chats routes: internal chat between users of a company (R-CHAT-1); plan flag useInternalChat. */
export const chatsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/chats", ({ ctx, query }) => listChats(ctx, parse(PageQuery, query).pageNumber))
    .get("/chats/:id", ({ ctx, params }) => showChat(ctx, parse(ChatRefParam, params).id))
    .post("/chats", created(ChatBody, createChat))
    .put("/chats/:id", ({ ctx, params, body }) => updateChat(ctx, parse(ChatRefParam, params).id, parse(ChatBody, body)))
    .delete("/chats/:id", async ({ ctx, params }) => {
      await deleteChat(ctx, parse(ChatRefParam, params).id);
      return { message: "Chat deleted" };
    })
    .get("/chats/:id/messages", ({ ctx, params, query }) => listChatMessages(ctx, parse(ChatRefParam, params).id, parse(PageQuery, query).pageNumber))
    .post("/chats/:id/messages", async ({ ctx, params, body, set }) => {
      const message = await sendChatMessage(ctx, parse(ChatRefParam, params).id, parse(ChatMessageBody, body).message);
      set.status = 201;
      return message;
    })
    .post("/chats/:id/read", ({ ctx, params }) => markChatRead(ctx, parse(ChatRefParam, params).id));
