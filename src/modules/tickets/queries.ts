import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { DB, DbOrTx } from "../../core/db";
import { prepared } from "../../db/prepared";
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
export const findTicketRow = (db: DbOrTx, companyId: number, id: number): TicketRow | undefined =>
  "sqlite" in db
    ? prepared(db, "tickets.row", (d) =>
        d
          .select()
          .from(tickets)
          .where(and(eq(tickets.companyId, sql.placeholder("companyId")), eq(tickets.id, sql.placeholder("id"))))
          .prepare(),
      ).get({ companyId, id })
    : db
        .select()
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)))
        .get();

export const findJoined = (db: DbOrTx, companyId: number, where: ReturnType<typeof eq>) =>
  selectTickets(db)
    .where(and(eq(tickets.companyId, companyId), where))
    .get();

/** The open or pending ticket of a contact on a connection (null connection matches null). */
export function findActiveTicket(db: DbOrTx, companyId: number, contactId: number, whatsappId: number | null | undefined) {
  const conn = whatsappId === undefined ? undefined : sql`coalesce(${tickets.whatsappId}, 0) = ${whatsappId ?? 0}`;
  return db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId), inArray(tickets.status, ["open", "pending"]), conn))
    .get();
}

/** The latest ticket (any status) of a contact on a connection. */
export function findLatestTicket(db: DbOrTx, companyId: number, contactId: number, whatsappId: number | null) {
  return db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId), sql`coalesce(${tickets.whatsappId}, 0) = ${whatsappId ?? 0}`))
    .orderBy(sql`${tickets.id} desc`)
    .get();
}

const tagsJson = tagsJsonOf(tickets.id);

/** One ticket with its references and tags in a single prepared query (the realtime frames' shape). */
export function findJoinedWithTags(db: DB, companyId: number, id: number) {
  const q = prepared(db, "tickets.joinedWithTags", (d) =>
    d
      .select({ ...ticketSelect, tagsJson })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .leftJoin(users, eq(users.id, tickets.userId))
      .leftJoin(queues, eq(queues.id, tickets.queueId))
      .leftJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
      .where(and(eq(tickets.companyId, sql.placeholder("companyId")), eq(tickets.id, sql.placeholder("id"))))
      .prepare(),
  );
  const row = q.get({ companyId, id });
  if (!row) return undefined;
  const { tagsJson: raw, ...joined } = row;
  return { joined, tags: JSON.parse(raw) as { id: number; name: string; color: string; kanban: number }[] };
}

/** The contact's ticket on a connection in one prepared query: the active one first, else the latest. */
export function findCurrentTicket(db: DB, companyId: number, contactId: number, whatsappId: number | null): TicketRow | undefined {
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
