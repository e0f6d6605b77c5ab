import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../core/db";
import { containsAny, pageOf } from "../../db/paging";
import { whatsapps } from "../connections";
import { queues } from "../queues";
import { integrationSessions, type QueueIntegrationRow, queueIntegrations } from "./schema";

export const findIntegration = (db: DbOrTx, companyId: number, id: number) =>
  db
    .select()
    .from(queueIntegrations)
    .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id)))
    .get();

/** A page of a company's integrations by name, searched by name, project or type. */
export function pageIntegrations(db: DbOrTx, companyId: number, search: string, page: number, size: number) {
  const mine = eq(queueIntegrations.companyId, companyId);
  const where = search ? and(mine, containsAny(search, queueIntegrations.name, queueIntegrations.projectName, queueIntegrations.type)) : mine;
  return pageOf(db, queueIntegrations, where, [asc(queueIntegrations.name), asc(queueIntegrations.id)], page, size);
}

/** Whether another integration of the company has this name (case-insensitive). */
export const integrationNameTaken = (db: DbOrTx, companyId: number, name: string, exceptId = 0) =>
  !!db
    .select({ id: queueIntegrations.id })
    .from(queueIntegrations)
    .where(and(eq(queueIntegrations.companyId, companyId), sql`lower(${queueIntegrations.name}) = lower(${name})`, ne(queueIntegrations.id, exceptId)))
    .get();

/** Whether a queue or a connection of the company points at the integration. */
export const integrationInUse = (db: DbOrTx, companyId: number, id: number) =>
  !!db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.integrationId, id)))
    .get() ||
  !!db
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.integrationId, id)))
    .get();

/** The session an integration holds with a ticket. */
export const findSession = (db: DbOrTx, ticketId: number) => db.select().from(integrationSessions).where(eq(integrationSessions.ticketId, ticketId)).get();

/** Stores (or renews) the ticket's session with an integration. */
export function saveSession(db: DbOrTx, row: { ticketId: number; companyId: number; integrationId: number; sessionId: string }, now: string) {
  db.insert(integrationSessions)
    .values({ ...row, updatedAt: now })
    .onConflictDoUpdate({ target: integrationSessions.ticketId, set: { integrationId: row.integrationId, sessionId: row.sessionId, updatedAt: now } })
    .run();
}

/** Forgets the ticket's session (finished, restarted, expired or failed). */
export const dropSession = (db: DbOrTx, ticketId: number) => db.delete(integrationSessions).where(eq(integrationSessions.ticketId, ticketId)).run();

/** Integrations of a company by id (for the queue and connection forms' pickers). */
export const listIntegrationsOf = (db: DbOrTx, companyId: number) =>
  db.select().from(queueIntegrations).where(eq(queueIntegrations.companyId, companyId)).orderBy(asc(queueIntegrations.name)).limit(500).all();

export type { QueueIntegrationRow };
