import { and, asc, count, desc, eq, gt, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../core/db";
import { users } from "../users";
import { type ChatMessageRow, type ChatRow, type ChatUserRow, chatMessages, chats, chatUsers } from "./schema";

/** A chat of the company by numeric id or uuid. */
export async function findChat(db: DbOrTx, companyId: number, ref: string): Promise<ChatRow | undefined> {
  const byId = /^\d+$/.test(ref);
  return (
    await db
      .select()
      .from(chats)
      .where(and(eq(chats.companyId, companyId), byId ? eq(chats.id, Number(ref)) : eq(chats.uuid, ref)))
      .limit(1)
  )[0];
}

/** The members of the given chats with their names. */
export async function membersOf(db: DbOrTx, chatIds: number[]) {
  if (!chatIds.length) return [];
  return await db
    .select({ chatId: chatUsers.chatId, userId: chatUsers.userId, unreads: chatUsers.unreads, name: users.name })
    .from(chatUsers)
    .innerJoin(users, eq(users.id, chatUsers.userId))
    .where(inArray(chatUsers.chatId, chatIds))
    .orderBy(asc(users.name));
}

export const membership = async (db: DbOrTx, chatId: number, userId: number): Promise<ChatUserRow | undefined> =>
  (
    await db
      .select()
      .from(chatUsers)
      .where(and(eq(chatUsers.chatId, chatId), eq(chatUsers.userId, userId)))
      .limit(1)
  )[0];

/** A page of the chats a user belongs to, newest activity first. */
export async function pageChatsOf(db: DbOrTx, companyId: number, userId: number, page: number, size: number) {
  const where = and(eq(chats.companyId, companyId), eq(chatUsers.userId, userId));
  const total = (await db.select({ n: count() }).from(chats).innerJoin(chatUsers, eq(chatUsers.chatId, chats.id)).where(where).limit(1))[0]?.n ?? 0;
  const rows = (
    await db
      .select({ chat: chats })
      .from(chats)
      .innerJoin(chatUsers, eq(chatUsers.chatId, chats.id))
      .where(where)
      .orderBy(desc(chats.updatedAt), desc(chats.id))
      .limit(size)
      .offset((page - 1) * size)
  ).map((r) => r.chat);
  return { rows, total };
}

/** How many of a user's chats have unread messages (the menu dot and the top-bar count). */
export const unreadChatCount = async (db: DbOrTx, userId: number) =>
  (
    await db
      .select({ n: count() })
      .from(chatUsers)
      .where(and(eq(chatUsers.userId, userId), gt(chatUsers.unreads, 0)))
      .limit(1)
  )[0]?.n ?? 0;

/** A page of a chat's messages, newest page first, each page in chronological order. */
export async function pageMessages(db: DbOrTx, chatId: number, page: number, size: number): Promise<{ rows: ChatMessageRow[]; total: number }> {
  const total = (await db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.chatId, chatId)).limit(1))[0]?.n ?? 0;
  const rows = (
    await db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.chatId, chatId))
      .orderBy(desc(chatMessages.id))
      .limit(size)
      .offset((page - 1) * size)
  ).reverse();
  return { rows, total };
}

/** The names of message senders. */
export async function senderNames(db: DbOrTx, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  return new Map((await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids))).map((u) => [u.id, u.name]));
}

/** Which of these user ids belong to the company. */
export const companyUserIds = async (db: DbOrTx, companyId: number, ids: number[]) =>
  ids.length
    ? (
        await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.companyId, companyId), inArray(users.id, ids)))
      ).map((u) => u.id)
    : [];

export type { ChatMessageRow, ChatRow };
