import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { DB, DbOrTx } from "../../core/db";
import { prepared } from "../../db/prepared";
import { queueMenuOrder } from "../queues";
import { queues } from "../queues";
import { whatsappQueues, whatsapps } from "./schema";

export const findConnection = (db: DbOrTx, companyId: number, id: number) =>
  "sqlite" in db
    ? prepared(db, "connections.byId", (d) =>
        d
          .select()
          .from(whatsapps)
          .where(and(eq(whatsapps.companyId, sql.placeholder("companyId")), eq(whatsapps.id, sql.placeholder("id"))))
          .prepare(),
      ).get({ companyId, id })
    : db
        .select()
        .from(whatsapps)
        .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)))
        .get();

/** The company's default connection (the first one when none is flagged). */
export const defaultConnection = (db: DbOrTx, companyId: number) =>
  db.select().from(whatsapps).where(eq(whatsapps.companyId, companyId)).orderBy(desc(whatsapps.isDefault), asc(whatsapps.id)).get();

/** A connection's queues in menu order (orderQueue, then creation). */
export const connectionQueues = (db: DB, whatsappId: number) =>
  prepared(db, "connections.queues", (d) =>
    d
      .select({ queue: queues })
      .from(whatsappQueues)
      .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
      .where(eq(whatsappQueues.whatsappId, sql.placeholder("whatsappId")))
      .orderBy(...queueMenuOrder())
      .prepare(),
  )
    .all({ whatsappId })
    .map((r) => r.queue);

/** Every connection of a company, oldest first. */
export const listCompanyConnections = (db: DbOrTx, companyId: number) =>
  db.select().from(whatsapps).where(eq(whatsapps.companyId, companyId)).orderBy(asc(whatsapps.id)).all();

/** Number of connections of a company (plan limit). */
export const countConnections = (db: DbOrTx, companyId: number) =>
  db.select({ n: sql<number>`count(*)` }).from(whatsapps).where(eq(whatsapps.companyId, companyId)).get()?.n ?? 0;

/** A connection of the company with this name (case-insensitive), other than `exceptId`. */
export const connectionWithName = (db: DbOrTx, companyId: number, name: string, exceptId = 0) =>
  db
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), sql`lower(${whatsapps.name}) = lower(${name})`, sql`${whatsapps.id} <> ${exceptId}`))
    .get();

/** Any connection (of any company) holding this API token, other than `exceptId`. */
export const connectionWithToken = (db: DbOrTx, token: string, exceptId = 0) =>
  db
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(and(eq(whatsapps.token, token), sql`${whatsapps.id} <> ${exceptId}`))
    .get();

/** Queues (id, name, color, greetingMessage) of many connections in one query, in menu order. */
export function queuesOfConnections(db: DbOrTx, ids: number[]) {
  const out = new Map<number, { id: number; name: string; color: string; greetingMessage: string }[]>();
  if (!ids.length) return out;
  const rows = db
    .select({ whatsappId: whatsappQueues.whatsappId, id: queues.id, name: queues.name, color: queues.color, greetingMessage: queues.greetingMessage })
    .from(whatsappQueues)
    .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
    .where(inArray(whatsappQueues.whatsappId, ids))
    .orderBy(...queueMenuOrder())
    .all();
  for (const { whatsappId, ...q } of rows) {
    const list = out.get(whatsappId) ?? [];
    list.push(q);
    out.set(whatsappId, list);
  }
  return out;
}

/** The company's connected connections, the default first (number checks, sending without a ticket). */
export const connectedConnections = (db: DbOrTx, companyId: number) =>
  db
    .select()
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.status, "CONNECTED")))
    .orderBy(desc(whatsapps.isDefault), asc(whatsapps.id))
    .all();

/** Connections of every company counted by state (metrics). */
export const countConnectionsByStatus = (db: DbOrTx) =>
  db.select({ status: whatsapps.status, count: sql<number>`count(*)` }).from(whatsapps).groupBy(whatsapps.status).all();

/** The connection whose external-API token this is (any company: the token names its company). */
export const findConnectionByToken = (db: DbOrTx, token: string) => db.select().from(whatsapps).where(eq(whatsapps.token, token)).get();

/** Every connection of every company (id and company), for the supervisor's sweeps. */
export const allConnectionRefs = (db: DbOrTx) => db.select({ id: whatsapps.id, companyId: whatsapps.companyId }).from(whatsapps).all();
