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

/** Loads the caller for a request: user, queue ids and company (3 prepared primary-key lookups: every request runs them). */
export function loadSessionUser(db: DB, id: number) {
  const q = prepared(db, "users.session", (d) => ({
    user: d
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder("id")))
      .prepare(),
    company: d
      .select()
      .from(companies)
      .where(eq(companies.id, sql.placeholder("id")))
      .prepare(),
    queues: d
      .select({ id: userQueues.queueId })
      .from(userQueues)
      .where(eq(userQueues.userId, sql.placeholder("id")))
      .prepare(),
  }));
  const user = q.user.get({ id });
  if (!user) return null;
  const company = q.company.get({ id: user.companyId });
  if (!company) return null;
  const queueIds = q.queues.all({ id }).map((r) => r.id);
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

export const findUserByEmail = (db: DbOrTx, email: string) => db.select().from(users).where(eq(users.email, email.toLowerCase())).get();

export const findUser = (db: DbOrTx, companyId: number, id: number) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)))
    .get();

/** Users of every company (first boot: none yet). */
export const countAllUsers = (db: DbOrTx) => db.select({ n: count() }).from(users).get()?.n ?? 0;

export const countUsers = (db: DbOrTx, companyId: number) => db.select({ n: count() }).from(users).where(eq(users.companyId, companyId)).get()?.n ?? 0;

/** Queues of many users in one query (no N+1). */
export function queuesOfUsers(db: DbOrTx, userIds: number[]): Map<number, QueueRef[]> {
  const map = new Map<number, QueueRef[]>();
  if (!userIds.length) return map;
  const rows = db
    .select({ userId: userQueues.userId, id: queues.id, name: queues.name, color: queues.color })
    .from(userQueues)
    .innerJoin(queues, eq(queues.id, userQueues.queueId))
    .where(inArray(userQueues.userId, userIds))
    .orderBy(...queueMenuOrder())
    .all();
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

export const listCompanyUsers = (db: DbOrTx, companyId: number) => db.select().from(users).where(eq(users.companyId, companyId)).orderBy(users.name).all();

/** Replaces a user's queues (inside the caller's transaction). */
export function setUserQueues(db: DbOrTx, userId: number, queueIds: number[]) {
  db.delete(userQueues).where(eq(userQueues.userId, userId)).run();
  if (queueIds.length)
    db.insert(userQueues)
      .values(queueIds.map((queueId) => ({ userId, queueId })))
      .run();
}

/** The subset of ids that are queues of this company. */
export function companyQueueIds(db: DbOrTx, companyId: number, ids: number[]): number[] {
  if (!ids.length) return [];
  return db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), inArray(queues.id, ids)))
    .all()
    .map((r) => r.id);
}

export type { UserRow };

/** The current token version of each user (deleted users are absent). */
export function loadTokenVersions(db: DbOrTx, ids: number[]): Map<number, number> {
  const rows = db.select({ id: users.id, tv: users.tokenVersion }).from(users).where(inArray(users.id, ids)).all();
  return new Map(rows.map((r) => [r.id, r.tv]));
}

/** Users of a company who serve a queue (the people its waiting tickets are for). */
export function queueMemberIds(db: DB, companyId: number, queueId: number): number[] {
  const q = prepared(db, "users.queueMembers", (d) =>
    d
      .select({ id: users.id })
      .from(userQueues)
      .innerJoin(users, eq(users.id, userQueues.userId))
      .where(and(eq(userQueues.queueId, sql.placeholder("queueId")), eq(users.companyId, sql.placeholder("companyId"))))
      .prepare(),
  );
  return q.all({ queueId, companyId }).map((r) => r.id);
}

/**
 * Users of a company whose profile holds a permission (contract/permissions.ts), or with allTicket
 * "enable" (those who follow queue-less waiting tickets).
 */
export function companyUserIdsWhere(db: DB, companyId: number, which: Permission | "allTicket"): number[] {
  const cond = which === "allTicket" ? eq(users.allTicket, "enable") : inArray(users.profile, profilesWith(which));
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), cond))
    .all()
    .map((r) => r.id);
}
