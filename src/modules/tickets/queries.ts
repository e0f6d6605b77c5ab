import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { DB, DbOrTx } from "../../core/db";
import { canPrepare, prepared } from "../../db/prepared";
import { whatsapps } from "../connections";
import { contacts } from "../contacts";
import { queues } from "../queues";
import { tagsJsonOf } from "../tags";
import { users } from "../users";
import { type TicketRow, tickets } from "./schema";

/** Columns of a ticket with its contact, user, queue and connection (one query with left joins). */
export const ticketSelect = {
  ticket: tickets,
  contact: {
    id: contacts.id,
    name: contacts.name,
    number: contacts.number,
    email: contacts.email,
    profilePicUrl: contacts.profilePicUrl,
    isGroup: contacts.isGroup,
  },
  user: { id: users.id, name: users.name },
  queue: { id: queues.id, name: queues.name, color: queues.color },
  whatsapp: { id: whatsapps.id, name: whatsapps.name, channel: whatsapps.channel },
};

/** A select of tickets joined with their references; add where/order/limit. */
export const selectTickets = (db: DbOrTx) => selectTicketsWith(db, {});

/** `selectTickets` with extra computed columns (e.g. a window count). */
export const selectTicketsWith = <E extends Record<string, SQL | SQL.Aliased>>(db: DbOrTx, extra: E) =>
  db
    .select({ ...ticketSelect, ...extra })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId));

export type TicketJoined = Awaited<ReturnType<ReturnType<typeof selectTickets>["all"]>>[number];

/** A ticket row of the company (prepared when called with the database itself: the inbound path). */
export const findTicketRow = async (db: DbOrTx, companyId: number, id: number): Promise<TicketRow | undefined> =>
  canPrepare(db)
    ? await prepared(db, "tickets.row", (d) =>
        d
          .select()
          .from(tickets)
          .where(and(eq(tickets.companyId, sql.placeholder("companyId")), eq(tickets.id, sql.placeholder("id"))))
          .prepare(),
      ).get({ companyId, id })
    : (
        await db
          .select()
          .from(tickets)
          .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)))
          .limit(1)
      )[0];

export const findJoined = async (db: DbOrTx, companyId: number, where: ReturnType<typeof eq>) =>
  (
    await selectTickets(db)
      .where(and(eq(tickets.companyId, companyId), where))
      .limit(1)
  )[0];

/** The open or pending ticket of a contact on a connection (null connection matches null). */
export async function findActiveTicket(db: DbOrTx, companyId: number, contactId: number, whatsappId: number | null | undefined) {
  const conn = whatsappId === undefined ? undefined : sql`coalesce(${tickets.whatsappId}, 0) = ${whatsappId ?? 0}`;
  return (
    await db
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId), inArray(tickets.status, ["open", "pending"]), conn))
      .limit(1)
  )[0];
}

/** The latest ticket (any status) of a contact on a connection. */
export async function findLatestTicket(db: DbOrTx, companyId: number, contactId: number, whatsappId: number | null) {
  return (
    await db
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId), sql`coalesce(${tickets.whatsappId}, 0) = ${whatsappId ?? 0}`))
      .orderBy(sql`${tickets.id} desc`)
      .limit(1)
  )[0];
}

/** One ticket with its references and tags in a single prepared query (the realtime frames' shape). */
export async function findJoinedWithTags(db: DB, companyId: number, id: number) {
  const q = prepared(db, "tickets.joinedWithTags", (d) =>
    d
      .select({ ...ticketSelect, tagsJson: tagsJsonOf(tickets.id, d.engine) })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .leftJoin(users, eq(users.id, tickets.userId))
      .leftJoin(queues, eq(queues.id, tickets.queueId))
      .leftJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
      .where(and(eq(tickets.companyId, sql.placeholder("companyId")), eq(tickets.id, sql.placeholder("id"))))
      .prepare(),
  );
  const row = await q.get({ companyId, id });
  if (!row) return undefined;
  const { tagsJson: raw, ...joined } = row;
  return { joined, tags: JSON.parse(raw) as { id: number; name: string; color: string; kanban: number }[] };
}

/**
 * Several tickets of the company joined with their references and tags, by id (an inbound group commit's frames). On
 * PostgreSQL one statement (a round trip costs more than the read); on SQLite the prepared read per ticket (building
 * the joined statement costs more than a few prepared reads).
 */
export async function findJoinedWithTagsMany(db: DB, companyId: number, ids: number[]) {
  if (ids.length === 1 || db.engine !== "pg") {
    const out: NonNullable<Awaited<ReturnType<typeof findJoinedWithTags>>>[] = [];
    for (const id of ids) {
      const one = await findJoinedWithTags(db, companyId, id);
      if (one) out.push(one);
    }
    return out;
  }
  const rows = await selectTicketsWith(db, { tagsJson: tagsJsonOf(tickets.id, db.engine) }).where(
    and(eq(tickets.companyId, companyId), inArray(tickets.id, ids)),
  );
  return rows.map(({ tagsJson: raw, ...joined }) => ({ joined, tags: JSON.parse(raw) as { id: number; name: string; color: string; kanban: number }[] }));
}

/**
 * Each of these contacts' current ticket on each connection (findCurrentTicket's choice: the active one first, else
 * the latest), in one statement: an inbound group commit's customers.
 */
export async function findCurrentTickets(db: DbOrTx, companyId: number, contactIds: number[]): Promise<TicketRow[]> {
  if (!contactIds.length) return [];
  return await db
    .select()
    .from(tickets)
    .where(
      sql`${tickets.id} in (select id from (select id, row_number() over (partition by contact_id, coalesce(whatsapp_id, 0) order by status in ('open', 'pending') desc, id desc) as n from tickets where company_id = ${companyId} and ${inArray(tickets.contactId, contactIds)}) as c where n = 1)`,
    );
}

/** The contact's ticket on a connection in one prepared query: the active one first, else the latest. */
export function findCurrentTicket(db: DB, companyId: number, contactId: number, whatsappId: number | null): Promise<TicketRow | undefined> {
  const q = prepared(db, "tickets.current", (d) =>
    d
      .select()
      .from(tickets)
      .where(
        and(
          eq(tickets.companyId, sql.placeholder("companyId")),
          eq(tickets.contactId, sql.placeholder("contactId")),
          sql`coalesce(${tickets.whatsappId}, 0) = ${sql.placeholder("whatsappId")}`,
        ),
      )
      .orderBy(sql`${tickets.status} in ('open', 'pending') desc`, sql`${tickets.id} desc`)
      .limit(1)
      .prepare(),
  );
  return q.get({ companyId, contactId, whatsappId: whatsappId ?? 0 });
}
