import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../core/db";
import { containsAny, pageOf } from "../../db/paging";
import { whatsapps } from "../connections";
import { queues } from "../queues";
import { integrationSessions, type QueueIntegrationRow, queueIntegrations } from "./schema";

export const findIntegration = async (db: DbOrTx, companyId: number, id: number) =>
  (
    await db
      .select()
      .from(queueIntegrations)
      .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id)))
      .limit(1)
  )[0];

/** A page of a company's integrations by name, searched by name, project or type. */
export function pageIntegrations(db: DbOrTx, companyId: number, search: string, page: number, size: number) {
  const mine = eq(queueIntegrations.companyId, companyId);
  const where = search ? and(mine, containsAny(search, queueIntegrations.name, queueIntegrations.projectName, queueIntegrations.type)) : mine;
  return pageOf(db, queueIntegrations, where, [asc(queueIntegrations.name), asc(queueIntegrations.id)], page, size);
}

/** Whether another integration of the company has this name (case-insensitive). */
export const integrationNameTaken = async (db: DbOrTx, companyId: number, name: string, exceptId = 0) =>
  !!(
    await db
      .select({ id: queueIntegrations.id })
      .from(queueIntegrations)
      .where(and(eq(queueIntegrations.companyId, companyId), sql`lower(${queueIntegrations.name}) = lower(${name})`, ne(queueIntegrations.id, exceptId)))
      .limit(1)
  )[0];

/** Whether a queue or a connection of the company points at the integration. */
export const integrationInUse = async (db: DbOrTx, companyId: number, id: number) =>
  !!(
    await db
      .select({ id: queues.id })
      .from(queues)
      .where(and(eq(queues.companyId, companyId), eq(queues.integrationId, id)))
      .limit(1)
  )[0] ||
  !!(
    await db
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.integrationId, id)))
      .limit(1)
  )[0];

/** The session an integration holds with a ticket. */
export const findSession = async (db: DbOrTx, ticketId: number) =>
  (await db.select().from(integrationSessions).where(eq(integrationSessions.ticketId, ticketId)).limit(1))[0];

/** Stores (or renews) the ticket's session with an integration. */
export async function saveSession(db: DbOrTx, row: { ticketId: number; companyId: number; integrationId: number; sessionId: string }, now: string) {
  await db
    .insert(integrationSessions)
    .values({ ...row, updatedAt: now })
    .onConflictDoUpdate({ target: integrationSessions.ticketId, set: { integrationId: row.integrationId, sessionId: row.sessionId, updatedAt: now } });
}

/** Forgets the ticket's session (finished, restarted, expired or failed). */
export const dropSession = async (db: DbOrTx, ticketId: number) => await db.delete(integrationSessions).where(eq(integrationSessions.ticketId, ticketId));

/** Integrations of a company by id (for the queue and connection forms' pickers). */
export const listIntegrationsOf = async (db: DbOrTx, companyId: number) =>
  await db.select().from(queueIntegrations).where(eq(queueIntegrations.companyId, companyId)).orderBy(asc(queueIntegrations.name)).limit(500);

export type { QueueIntegrationRow };
