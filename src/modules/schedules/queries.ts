import { and, asc, desc, eq, gte, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import { companies } from "../companies";
import type { DbOrTx } from "../../core/db";
import { containsAny, pageOf } from "../../db/paging";
import { contacts } from "../contacts";
import { tickets } from "../tickets";
import { users } from "../users";
import { type ScheduleRow, schedules } from "./schema";

export const findSchedule = async (db: DbOrTx, companyId: number, id: number) =>
  (
    await db
      .select()
      .from(schedules)
      .where(and(eq(schedules.companyId, companyId), eq(schedules.id, id)))
      .limit(1)
  )[0];

export interface ScheduleFilter {
  search: string;
  contactId?: number;
  userId?: number;
  from?: string;
  to?: string;
}

/** A page of a company's schedules, soonest first; the search matches the body or the contact's name. */
export function pageSchedules(db: DbOrTx, companyId: number, f: ScheduleFilter, page: number, size: number) {
  const parts: (SQL | undefined)[] = [eq(schedules.companyId, companyId)];
  if (f.contactId) parts.push(eq(schedules.contactId, f.contactId));
  if (f.userId) parts.push(eq(schedules.userId, f.userId));
  if (f.from) parts.push(gte(schedules.sendAt, f.from));
  if (f.to) parts.push(lte(schedules.sendAt, f.to));
  if (f.search) {
    const named = db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.companyId, companyId), containsAny(f.search, contacts.name)));
    parts.push(or(containsAny(f.search, schedules.body), inArray(schedules.contactId, named)));
  }
  return pageOf(db, schedules, and(...parts), [desc(schedules.status), asc(schedules.sendAt), asc(schedules.id)], page, size);
}

/** Names of the contacts and users the rows refer to. */
export async function namesFor(db: DbOrTx, rows: ScheduleRow[]) {
  const contactIds = [...new Set(rows.map((r) => r.contactId))];
  const userIds = [...new Set(rows.map((r) => r.userId).filter((x): x is number => !!x))];
  const cs = contactIds.length
    ? await db.select({ id: contacts.id, name: contacts.name, number: contacts.number }).from(contacts).where(inArray(contacts.id, contactIds))
    : [];
  const us = userIds.length ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds)) : [];
  return { contacts: new Map(cs.map((c) => [c.id, c])), users: new Map(us.map((u) => [u.id, u])) };
}

/** The send instants of a company's schedules in [from, to] (the month calendar), bounded. */
export const sendTimesBetween = async (db: DbOrTx, companyId: number, from: string, to: string) =>
  await db
    .select({ sendAt: schedules.sendAt })
    .from(schedules)
    .where(and(eq(schedules.companyId, companyId), gte(schedules.sendAt, from), lte(schedules.sendAt, to)))
    .limit(20_000);

/**
 * Schedules due by `now` that were neither sent nor failed, oldest first (the send job's batch).
 * Companies whose subscription lapsed are skipped: their schedules wait, untouched, until renewal.
 */
export const dueSchedules = async (db: DbOrTx, now: string, limit: number) =>
  (
    await db
      .select({ s: schedules })
      .from(schedules)
      .innerJoin(companies, eq(companies.id, schedules.companyId))
      .where(
        and(
          eq(schedules.status, "PENDENTE"),
          lte(schedules.sendAt, now),
          eq(companies.status, true),
          sql`(${companies.dueDate} is null or substr(${companies.dueDate}, 1, 10) >= ${now.slice(0, 10)})`,
        ),
      )
      .orderBy(asc(schedules.sendAt), asc(schedules.id))
      .limit(limit)
  ).map((r) => r.s);

/** The connection of the contact's most recent ticket, if any (the schedule goes out where they talked). */
export const lastTicketConnection = async (db: DbOrTx, companyId: number, contactId: number) =>
  (
    await db
      .select({ whatsappId: tickets.whatsappId })
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId)))
      .orderBy(desc(tickets.updatedAt), desc(tickets.id))
      .limit(1)
  )[0]?.whatsappId ?? null;

export type { ScheduleRow };
