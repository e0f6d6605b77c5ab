import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { DB, DbOrTx } from "../../core/db";
import { canPrepare, prepared } from "../../db/prepared";
import { queueMenuOrder } from "../queues";
import { queues } from "../queues";
import { whatsappQueues, whatsapps } from "./schema";

export const findConnection = async (db: DbOrTx, companyId: number, id: number) =>
  canPrepare(db)
    ? await prepared(db, "connections.byId", (d) =>
        d
          .select()
          .from(whatsapps)
          .where(and(eq(whatsapps.companyId, sql.placeholder("companyId")), eq(whatsapps.id, sql.placeholder("id"))))
          .prepare(),
      ).get({ companyId, id })
    : (
        await db
          .select()
          .from(whatsapps)
          .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)))
          .limit(1)
      )[0];

/** The company's default connection (the first one when none is flagged). */
export const defaultConnection = async (db: DbOrTx, companyId: number) =>
  (await db.select().from(whatsapps).where(eq(whatsapps.companyId, companyId)).orderBy(desc(whatsapps.isDefault), asc(whatsapps.id)).limit(1))[0];

/** A connection's queues in menu order (orderQueue, then creation). */
export const connectionQueues = async (db: DB, whatsappId: number) =>
  (
    await prepared(db, "connections.queues", (d) =>
      d
        .select({ queue: queues })
        .from(whatsappQueues)
        .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
        .where(eq(whatsappQueues.whatsappId, sql.placeholder("whatsappId")))
        .orderBy(...queueMenuOrder())
        .prepare(),
    ).all({ whatsappId })
  ).map((r) => r.queue);

/** Every connection of a company, oldest first. */
export const listCompanyConnections = async (db: DbOrTx, companyId: number) =>
  await db.select().from(whatsapps).where(eq(whatsapps.companyId, companyId)).orderBy(asc(whatsapps.id));

/** Number of connections of a company (plan limit). */
export const countConnections = async (db: DbOrTx, companyId: number) =>
  (await db.select({ n: sql<number>`count(*)` }).from(whatsapps).where(eq(whatsapps.companyId, companyId)).limit(1))[0]?.n ?? 0;

/** A connection of the company with this name (case-insensitive), other than `exceptId`. */
export const connectionWithName = async (db: DbOrTx, companyId: number, name: string, exceptId = 0) =>
  (
    await db
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, companyId), sql`lower(${whatsapps.name}) = lower(${name})`, sql`${whatsapps.id} <> ${exceptId}`))
      .limit(1)
  )[0];

/** Any connection (of any company) holding this API token, other than `exceptId`. */
export const connectionWithToken = async (db: DbOrTx, token: string, exceptId = 0) =>
  (
    await db
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(and(eq(whatsapps.token, token), sql`${whatsapps.id} <> ${exceptId}`))
      .limit(1)
  )[0];

/** Queues (id, name, color, greetingMessage) of many connections in one query, in menu order. */
export async function queuesOfConnections(db: DbOrTx, ids: number[]) {
  const out = new Map<number, { id: number; name: string; color: string; greetingMessage: string }[]>();
  if (!ids.length) return out;
  const rows = await db
    .select({ whatsappId: whatsappQueues.whatsappId, id: queues.id, name: queues.name, color: queues.color, greetingMessage: queues.greetingMessage })
    .from(whatsappQueues)
    .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
    .where(inArray(whatsappQueues.whatsappId, ids))
    .orderBy(...queueMenuOrder());
  for (const { whatsappId, ...q } of rows) {
    const list = out.get(whatsappId) ?? [];
    list.push(q);
    out.set(whatsappId, list);
  }
  return out;
}

/** The company's connected connections, the default first (number checks, sending without a ticket). */
export const connectedConnections = async (db: DbOrTx, companyId: number) =>
  await db
    .select()
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.status, "CONNECTED")))
    .orderBy(desc(whatsapps.isDefault), asc(whatsapps.id));

/** Connections of every company counted by state (metrics). */
export const countConnectionsByStatus = async (db: DbOrTx) =>
  await db.select({ status: whatsapps.status, count: sql<number>`count(*)` }).from(whatsapps).groupBy(whatsapps.status);

/** The connection whose external-API token this is (any company: the token names its company). */
export const findConnectionByToken = async (db: DbOrTx, token: string) => (await db.select().from(whatsapps).where(eq(whatsapps.token, token)).limit(1))[0];

/** Every connection of every company (id and company), for the supervisor's sweeps. */
export const allConnectionRefs = async (db: DbOrTx) => await db.select({ id: whatsapps.id, companyId: whatsapps.companyId }).from(whatsapps);

/** A connection's id, company and channel by id alone (several nodes: an action that arrived from another node). */
export const connectionRef = async (db: DbOrTx, id: number) =>
  (
    await db
      .select({ id: whatsapps.id, companyId: whatsapps.companyId, channel: whatsapps.channel, status: whatsapps.status })
      .from(whatsapps)
      .where(eq(whatsapps.id, id))
      .limit(1)
  )[0];
