import { and, eq, ne, notInArray, sql } from "drizzle-orm";
import type { ChatDto, ChatMessageDto } from "../../contract/dto/chats";
import type { Page } from "../../contract/dto/common";
import type { ServerFrame } from "../../contract/frames";
import { LIMITS } from "../../contract/limits";
import type { ChatInput } from "../../contract/schemas/chats";
import type { Ctx } from "../../core/deps";
import { AppError, forbidden, notFound } from "../../core/errors";
import { requireFeature } from "../companies";
import { isoNow } from "../../lib/clock";
import { rooms } from "../../contract/rooms";
import {
  type ChatMessageRow,
  type ChatRow,
  companyUserIds,
  findChat,
  membership,
  membersOf,
  pageChatsOf,
  pageMessages,
  senderNames,
  unreadChatCount,
} from "./queries";
import { chatMessages, chats, chatUsers } from "./schema";

const PAGE = LIMITS.pageSize;

/** The public shapes of chats with their members. */
export async function serializeChats(db: Ctx["db"], rows: ChatRow[]): Promise<ChatDto[]> {
  const members = await membersOf(
    db,
    rows.map((c) => c.id),
  );
  return rows.map((c) => ({
    id: c.id,
    uuid: c.uuid,
    title: c.title,
    ownerId: c.ownerId,
    lastMessage: c.lastMessage,
    updatedAt: c.updatedAt,
    users: members.filter((m) => m.chatId === c.id).map((m) => ({ userId: m.userId, unreads: m.unreads, user: { id: m.userId, name: m.name } })),
  }));
}
const one = async (db: Ctx["db"], c: ChatRow) => (await serializeChats(db, [c]))[0];

async function serializeMessages(db: Ctx["db"], rows: ChatMessageRow[]): Promise<ChatMessageDto[]> {
  const names = await senderNames(db, [...new Set(rows.map((m) => m.senderId).filter((x): x is number => !!x))]);
  return rows.map((m) => ({
    id: m.id,
    chatId: m.chatId,
    message: m.message,
    senderId: m.senderId,
    sender: m.senderId ? { id: m.senderId, name: names.get(m.senderId) ?? "" } : null,
    createdAt: m.createdAt,
  }));
}

/** Chat frames reach only the members' own rooms (never the company room). */
const toMembers = (ctx: Ctx, userIds: number[], frame: ServerFrame) => {
  if (userIds.length) ctx.hub.publish(userIds.map(rooms.user), frame);
};

/** A chat the caller belongs to, or 404 (other people's chats do not exist for them). */
async function getMemberChat(ctx: Ctx, ref: string): Promise<ChatRow> {
  await requireFeature(ctx, "useInternalChat");
  const c = await findChat(ctx.db, ctx.companyId, ref);
  if (!c || !(await membership(ctx.db, c.id, ctx.user.id))) throw notFound("ERR_NO_CHAT_FOUND");
  return c;
}

async function getOwnChat(ctx: Ctx, ref: string): Promise<ChatRow> {
  const c = await getMemberChat(ctx, ref);
  if (c.ownerId !== ctx.user.id) throw forbidden();
  return c;
}

/** The members a save asks for: the owner plus the given users, all of the company. */
async function memberIds(ctx: Ctx, ownerId: number, input: ChatInput): Promise<number[]> {
  const wanted = [...new Set(input.users.filter((id) => id !== ownerId))];
  const valid = await companyUserIds(ctx.db, ctx.companyId, wanted);
  if (valid.length !== wanted.length || !wanted.length) throw new AppError("ERR_VALIDATION", 400, { fields: { users: "validation.chatUsers" } });
  return [ownerId, ...wanted];
}

/** GET /chats: the caller's chats, newest activity first, with `unreadChats` for the menu dot. */
export async function listChats(ctx: Ctx, page: number): Promise<Page<"records", ChatDto> & { unreadChats: number }> {
  await requireFeature(ctx, "useInternalChat");
  const { rows, total } = await pageChatsOf(ctx.db, ctx.companyId, ctx.user.id, page, PAGE);
  return { records: await serializeChats(ctx.db, rows), count: total, hasMore: total > page * PAGE, unreadChats: await unreadChatCount(ctx.db, ctx.user.id) };
}

/** GET /chats/{id|uuid}. */
export const showChat = async (ctx: Ctx, ref: string) => one(ctx.db, await getMemberChat(ctx, ref));

/** POST /chats: the caller owns it; members are the caller and the chosen users. */
export async function createChat(ctx: Ctx, input: ChatInput) {
  await requireFeature(ctx, "useInternalChat");
  const ids = await memberIds(ctx, ctx.user.id, input);
  const now = isoNow(ctx.clock);
  const row = await ctx.db.transaction(async (tx) => {
    const c = (
      await tx
        .insert(chats)
        .values({ uuid: crypto.randomUUID(), companyId: ctx.companyId, ownerId: ctx.user.id, title: input.title, createdAt: now, updatedAt: now })
        .returning()
    )[0];
    await tx.insert(chatUsers).values(ids.map((userId) => ({ chatId: c.id, userId })));
    return c;
  });
  const chat = await one(ctx.db, row);
  toMembers(ctx, ids, { channel: "chat", action: "create", chat });
  return chat;
}

/** PUT /chats/{id}: title and members (the owner always stays); removed members get a delete. */
export async function updateChat(ctx: Ctx, ref: string, input: ChatInput) {
  const current = await getOwnChat(ctx, ref);
  const ids = await memberIds(ctx, current.ownerId, input);
  const before = (await membersOf(ctx.db, [current.id])).map((m) => m.userId);
  const row = await ctx.db.transaction(async (tx) => {
    await tx.delete(chatUsers).where(and(eq(chatUsers.chatId, current.id), notInArray(chatUsers.userId, ids)));
    await tx
      .insert(chatUsers)
      .values(ids.map((userId) => ({ chatId: current.id, userId })))
      .onConflictDoNothing();
    return (
      await tx
        .update(chats)
        .set({ title: input.title, updatedAt: isoNow(ctx.clock) })
        .where(eq(chats.id, current.id))
        .returning()
    )[0];
  });
  const chat = await one(ctx.db, row);
  toMembers(
    ctx,
    before.filter((id) => !ids.includes(id)),
    { channel: "chat", action: "delete", chatId: current.id },
  );
  toMembers(ctx, ids, { channel: "chat", action: "update", chat });
  return chat;
}

/** DELETE /chats/{id}: the owner removes the chat and its messages. */
export async function deleteChat(ctx: Ctx, ref: string) {
  const current = await getOwnChat(ctx, ref);
  const members = (await membersOf(ctx.db, [current.id])).map((m) => m.userId);
  await ctx.db.delete(chats).where(eq(chats.id, current.id));
  toMembers(ctx, members, { channel: "chat", action: "delete", chatId: current.id });
}

/** GET /chats/{id}/messages: a page (newest page first, chronological inside), members only. */
export async function listChatMessages(ctx: Ctx, ref: string, page: number): Promise<Page<"records", ChatMessageDto>> {
  const c = await getMemberChat(ctx, ref);
  const { rows, total } = await pageMessages(ctx.db, c.id, page, PAGE);
  return { records: await serializeMessages(ctx.db, rows), count: total, hasMore: total > page * PAGE };
}

/** POST /chats/{id}/messages: stored, lastMessage "<name>: <text>", every other member's unread +1. */
export async function sendChatMessage(ctx: Ctx, ref: string, text: string) {
  const c = await getMemberChat(ctx, ref);
  const now = isoNow(ctx.clock);
  const { msg, row } = await ctx.db.transaction(async (tx) => {
    const msg = (await tx.insert(chatMessages).values({ chatId: c.id, senderId: ctx.user.id, message: text, createdAt: now }).returning())[0];
    await tx
      .update(chatUsers)
      .set({ unreads: sql`${chatUsers.unreads} + 1` })
      .where(and(eq(chatUsers.chatId, c.id), ne(chatUsers.userId, ctx.user.id)));
    await tx
      .update(chatUsers)
      .set({ unreads: 0 })
      .where(and(eq(chatUsers.chatId, c.id), eq(chatUsers.userId, ctx.user.id)));
    const row = (
      await tx
        .update(chats)
        .set({ lastMessage: `${ctx.user.name}: ${text}`.slice(0, 300), updatedAt: now })
        .where(eq(chats.id, c.id))
        .returning()
    )[0];
    return { msg, row };
  });
  const chat = await one(ctx.db, row);
  const message = (await serializeMessages(ctx.db, [msg]))[0];
  toMembers(
    ctx,
    chat.users.map((u) => u.userId),
    { channel: "chat", action: "new-message", message, chat },
  );
  ctx.notifier.onChatMessage(ctx.companyId, chat, message);
  return message;
}

/** POST /chats/{id}/read: zeroes the caller's unread count (the token decides whose). */
export async function markChatRead(ctx: Ctx, ref: string) {
  const c = await getMemberChat(ctx, ref);
  await ctx.db
    .update(chatUsers)
    .set({ unreads: 0 })
    .where(and(eq(chatUsers.chatId, c.id), eq(chatUsers.userId, ctx.user.id)));
  const chat = await one(ctx.db, c);
  toMembers(ctx, [ctx.user.id], { channel: "chat", action: "update", chat });
  return chat;
}
