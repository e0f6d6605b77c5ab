import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { DB, DbOrTx } from "../../core/db";
import { prepared } from "../../db/prepared";
import { whatsapps } from "../connections/schema";
import { contacts } from "../contacts/schema";
import { queues } from "../queues/schema";
import { tags } from "../tags/schema";
import { users } from "../users/schema";
import { type TicketRow, ticketTags, tickets } from "./schema";

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

/** Tags of many tickets in one query (no N+1). */
export function tagsOfTickets(db: DbOrTx, ticketIds: number[]) {
  const map = new Map<number, { id: number; name: string; color: string; kanban: number }[]>();
  if (!ticketIds.length) return map;
  const rows = db
    .select({ ticketId: ticketTags.ticketId, id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban })
    .from(ticketTags)
    .innerJoin(tags, eq(tags.id, ticketTags.tagId))
    .where(inArray(ticketTags.ticketId, ticketIds))
    .orderBy(tags.name)
    .all();
  for (const r of rows) {
    const list = map.get(r.ticketId) ?? [];
    list.push({ id: r.id, name: r.name, color: r.color, kanban: r.kanban });
    map.set(r.ticketId, list);
  }
  return map;
}

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

/** The tags of one ticket as a JSON array, computed inside the ticket's own query. */
const tagsJson = sql<string>`(select coalesce(json_group_array(json_object('id', tg.id, 'name', tg.name, 'color', tg.color, 'kanban', tg.kanban)), '[]')
  from (select t2.id, t2.name, t2.color, t2.kanban from ${ticketTags} tt join ${tags} t2 on t2.id = tt.tag_id where tt.ticket_id = ${tickets.id} order by t2.name) tg)`;

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
