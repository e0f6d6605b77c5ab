import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { type Permission, profilesWith } from "../../contract/permissions";
import type { DB, DbOrTx } from "../../core/db";
import { prepared } from "../../db/prepared";
import { containsAny, pageOf } from "../../db/paging";
import type { SessionUser } from "../../core/user";
import { companies } from "../companies";
import { queueMenuOrder } from "../queues";
import { queues } from "../queues";
import { type UserRow, userQueues, users } from "./schema";

export interface QueueRef {
  id: number;
  name: string;
  color: string;
}

/**
 * Loads the caller for a request: user, queue ids and company. SQLite: 3 prepared primary-key lookups (microseconds
 * each, in process); PostgreSQL: one statement (each statement is a round trip, and every request runs this).
 */
export async function loadSessionUser(db: DB, id: number) {
  if (db.engine === "pg") return loadSessionUserPg(db, id);
  const user = await prepared(db, "users.session.user", (d) =>
    d
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder("id")))
      .prepare(),
  ).get({ id });
  if (!user) return null;
  const company = await prepared(db, "users.session.company", (d) =>
    d
      .select()
      .from(companies)
      .where(eq(companies.id, sql.placeholder("id")))
      .prepare(),
  ).get({ id: user.companyId });
  if (!company) return null;
  const queueIds = (
    await prepared(db, "users.session.queues", (d) =>
      d
        .select({ id: userQueues.queueId })
        .from(userQueues)
        .where(eq(userQueues.userId, sql.placeholder("id")))
        .prepare(),
    ).all({ id })
  ).map((r) => r.id);
  return sessionOf(user, company, queueIds);
}

/** PostgreSQL's one statement: the user joined to the company, with the user's queue ids (ascending) as a JSON array. */
async function loadSessionUserPg(db: DB, id: number) {
  const found = await prepared(db, "users.session.pg", (d) =>
    d
      .select({
        user: users,
        company: companies,
        queueIds: sql<string>`(select coalesce(json_agg(q.queue_id order by q.queue_id)::text, '[]') from ${userQueues} q where q.user_id = ${users.id})`,
      })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.id, sql.placeholder("id")))
      .prepare(),
  ).get({ id });
  return found ? sessionOf(found.user, found.company, JSON.parse(found.queueIds) as number[]) : null;
}

function sessionOf(user: UserRow, company: typeof companies.$inferSelect, queueIds: number[]) {
  const session: SessionUser = {
    id: user.id,
    companyId: user.companyId,
    name: user.name,
    email: user.email,
    profile: user.profile,
    super: user.super,
    whatsappId: user.whatsappId,
    allTicket: user.allTicket,
    queueIds,
  };
  return { user: session, tokenVersion: user.tokenVersion, company, row: user };
}

export const findUserByEmail = async (db: DbOrTx, email: string) => (await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1))[0];

export const findUser = async (db: DbOrTx, companyId: number, id: number) =>
  (
    await db
      .select()
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, id)))
      .limit(1)
  )[0];

/** Users of every company (first boot: none yet). */
export const countAllUsers = async (db: DbOrTx) => (await db.select({ n: count() }).from(users).limit(1))[0]?.n ?? 0;

export const countUsers = async (db: DbOrTx, companyId: number) =>
  (await db.select({ n: count() }).from(users).where(eq(users.companyId, companyId)).limit(1))[0]?.n ?? 0;

/** Queues of many users in one query (no N+1). */
export async function queuesOfUsers(db: DbOrTx, userIds: number[]): Promise<Map<number, QueueRef[]>> {
  const map = new Map<number, QueueRef[]>();
  if (!userIds.length) return map;
  const rows = await db
    .select({ userId: userQueues.userId, id: queues.id, name: queues.name, color: queues.color })
    .from(userQueues)
    .innerJoin(queues, eq(queues.id, userQueues.queueId))
    .where(inArray(userQueues.userId, userIds))
    .orderBy(...queueMenuOrder());
  for (const r of rows) {
    const list = map.get(r.userId) ?? [];
    list.push({ id: r.id, name: r.name, color: r.color });
    map.set(r.userId, list);
  }
  return map;
}

/** Page of a company's users, newest first, searching name and email. */
export function pageUsers(db: DbOrTx, companyId: number, search: string, page: number, size: number) {
  const where = search ? and(eq(users.companyId, companyId), containsAny(search, users.name, users.email)) : eq(users.companyId, companyId);
  return pageOf(db, users, where, [desc(users.createdAt), desc(users.id)], page, size);
}

export const listCompanyUsers = async (db: DbOrTx, companyId: number) =>
  await db.select().from(users).where(eq(users.companyId, companyId)).orderBy(users.name);

/** Replaces a user's queues (inside the caller's transaction). */
export async function setUserQueues(db: DbOrTx, userId: number, queueIds: number[]) {
  await db.delete(userQueues).where(eq(userQueues.userId, userId));
  if (queueIds.length) await db.insert(userQueues).values(queueIds.map((queueId) => ({ userId, queueId })));
}

/** The subset of ids that are queues of this company. */
export async function companyQueueIds(db: DbOrTx, companyId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  return (
    await db
      .select({ id: queues.id })
      .from(queues)
      .where(and(eq(queues.companyId, companyId), inArray(queues.id, ids)))
  ).map((r) => r.id);
}

export type { UserRow };

/** The current token version of each user (deleted users are absent). */
export async function loadTokenVersions(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  const rows = await db.select({ id: users.id, tv: users.tokenVersion }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.tv]));
}

/** Users of a company who serve a queue (the people its waiting tickets are for). */
export async function queueMemberIds(db: DB, companyId: number, queueId: number): Promise<number[]> {
  const q = prepared(db, "users.queueMembers", (d) =>
    d
      .select({ id: users.id })
      .from(userQueues)
      .innerJoin(users, eq(users.id, userQueues.userId))
      .where(and(eq(userQueues.queueId, sql.placeholder("queueId")), eq(users.companyId, sql.placeholder("companyId"))))
      .prepare(),
  );
  return (await q.all({ queueId, companyId })).map((r) => r.id);
}

/**
 * Users of a company whose profile holds a permission (contract/permissions.ts), or with allTicket
 * "enable" (those who follow queue-less waiting tickets).
 */
export async function companyUserIdsWhere(db: DB, companyId: number, which: Permission | "allTicket"): Promise<number[]> {
  const cond = which === "allTicket" ? eq(users.allTicket, "enable") : inArray(users.profile, profilesWith(which));
  return (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), cond))
  ).map((r) => r.id);
}
