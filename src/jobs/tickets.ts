import { and, eq, gt, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { closeWithoutRating, RATING_WINDOW_MS } from "../bot/rating";
import { sendBot } from "../bot/send";
import type { Deps } from "../http/context";
import { isPastDue, nowIso } from "../lib/dates";
import { renderTemplate } from "../lib/template";
import { companies } from "../modules/companies/schema";
import { whatsapps } from "../modules/connections/schema";
import { contacts } from "../modules/contacts/schema";
import { publishTicket } from "../modules/tickets/events";
import { tickets } from "../modules/tickets/schema";
import { loadTicket } from "../modules/tickets/service";
import { users } from "../modules/users/schema";

const activeCompany = (c: { status: boolean; dueDate: string | null }) => c.status && !isPastDue(c.dueDate);

/**
 * tickets.expire (BEHAVIOUR.md §3.9): an open 1:1 ticket whose connection has expiresTicket minutes,
 * idle that long with our message last, is closed with the inactivity text (no rating).
 */
export async function expireInactiveTickets(deps: Deps, now = Date.now()) {
  const rows = deps.db
    .select({ ticket: tickets, conn: whatsapps, company: companies, contactName: contacts.name })
    .from(tickets)
    .innerJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
    .innerJoin(companies, eq(companies.id, tickets.companyId))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(
      and(
        eq(tickets.status, "open"),
        eq(tickets.isGroup, false),
        eq(tickets.fromMe, true),
        gt(whatsapps.expiresTicket, 0),
        isNull(tickets.awaitingRatingSince),
      ),
    )
    .all();
  for (const r of rows) {
    if (!activeCompany(r.company)) continue;
    if (Date.parse(r.ticket.updatedAt) + r.conn.expiresTicket * 60_000 > now) continue;
    const text = renderTemplate(r.conn.expiresInactiveMessage, { name: r.contactName }, deps.config.timezone);
    if (text.trim()) await sendBot(deps, r.ticket, text);
    const before = { status: r.ticket.status, queueId: r.ticket.queueId, userId: r.ticket.userId };
    deps.db
      .update(tickets)
      .set({ status: "closed", unreadMessages: 0, chatbot: false, queueOptionId: null, lastMessage: text || r.ticket.lastMessage, updatedAt: nowIso() })
      .where(eq(tickets.id, r.ticket.id))
      .run();
    const dto = loadTicket(deps, r.ticket.companyId, r.ticket.id);
    if (dto) publishTicket(deps, dto, before);
  }
}

/**
 * tickets.auto-transfer (BEHAVIOUR.md §3.8): a pending queue-less ticket waiting longer than the
 * connection's timeSendQueue minutes moves to its sendIdQueue. No message is sent.
 */
export function autoTransferTickets(deps: Deps, now = Date.now()) {
  const rows = deps.db
    .select({ ticket: tickets, conn: whatsapps, company: companies })
    .from(tickets)
    .innerJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
    .innerJoin(companies, eq(companies.id, tickets.companyId))
    .where(and(eq(tickets.status, "pending"), isNull(tickets.queueId), gt(whatsapps.timeSendQueue, 0), isNotNull(whatsapps.sendIdQueue)))
    .all();
  for (const r of rows) {
    if (!activeCompany(r.company)) continue;
    if (Date.parse(r.ticket.updatedAt) + r.conn.timeSendQueue * 60_000 > now) continue;
    deps.db.update(tickets).set({ queueId: r.conn.sendIdQueue, chatbot: false, updatedAt: nowIso() }).where(eq(tickets.id, r.ticket.id)).run();
    const dto = loadTicket(deps, r.ticket.companyId, r.ticket.id);
    if (dto) publishTicket(deps, dto, { status: "pending", queueId: null, userId: r.ticket.userId });
  }
}

/** tickets.rating-timeout: a ticket awaiting its rating longer than the window closes without one. */
export async function closeUnratedTickets(deps: Deps, now = Date.now()) {
  const limit = new Date(now - RATING_WINDOW_MS).toISOString();
  const rows = deps.db
    .select()
    .from(tickets)
    .where(and(isNotNull(tickets.awaitingRatingSince), lt(tickets.awaitingRatingSince, limit)))
    .all();
  for (const t of rows) await closeWithoutRating(deps, t);
}

/** users.offline-sweep (BEHAVIOUR.md §1.9): online users silent for 5 minutes go offline. */
export function sweepOfflineUsers(deps: Deps, now = Date.now()) {
  const limit = new Date(now - 5 * 60_000).toISOString();
  deps.db
    .update(users)
    .set({ online: false })
    .where(and(eq(users.online, true), sql`coalesce(${users.lastSeenAt}, '') < ${limit}`))
    .run();
}
