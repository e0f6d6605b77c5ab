import { and, eq, gt, isNotNull, isNull, lt } from "drizzle-orm";
import type { Deps } from "../../core/deps";
import { isPastDue } from "../../lib/dates";
import { renderTemplate } from "../../lib/template";
import { companies } from "../companies";
import { whatsapps } from "../connections";
import { contacts } from "../contacts";
import { autoTransfer, closeBySystem } from "./lifecycle-system";
import { findTicketRow } from "./queries";
import { closeWithoutRating, RATING_WINDOW_MS } from "./rating";
import { tickets } from "./schema";

const activeCompany = (c: { status: boolean; dueDate: string | null }, tz: string) => c.status && !isPastDue(c.dueDate, tz);

/**
 * tickets.expire (R-BOT-13): an open 1:1 ticket whose connection has expiresTicket minutes,
 * idle that long with our message last, is closed with the inactivity text (no rating). The close
 * goes through the lifecycle, so its stretch of tracking is finished like any other close.
 */
export async function expireInactiveTickets(deps: Deps, now = deps.clock.now()) {
  const rows = await deps.db
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
    );
  for (const r of rows) {
    if (!activeCompany(r.company, deps.config.timezone)) continue;
    if (Date.parse(r.ticket.updatedAt) + r.conn.expiresTicket * 60_000 > now) continue;
    const text = renderTemplate(r.conn.expiresInactiveMessage, { name: r.contactName }, deps.config.timezone);
    if (text.trim()) await deps.outbox.send(r.ticket, { body: text, isAutomatic: true });
    const fresh = await findTicketRow(deps.db, r.ticket.companyId, r.ticket.id);
    if (fresh) await closeBySystem(deps, fresh, "inactivity");
  }
}

/**
 * tickets.auto-transfer (R-BOT-14): a pending queue-less ticket waiting longer than the
 * connection's timeSendQueue minutes moves to its sendIdQueue. No message is sent.
 */
export async function autoTransferTickets(deps: Deps, now = deps.clock.now()) {
  const rows = await deps.db
    .select({ ticket: tickets, conn: whatsapps, company: companies })
    .from(tickets)
    .innerJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
    .innerJoin(companies, eq(companies.id, tickets.companyId))
    .where(and(eq(tickets.status, "pending"), isNull(tickets.queueId), gt(whatsapps.timeSendQueue, 0), isNotNull(whatsapps.sendIdQueue)));
  for (const r of rows) {
    if (!activeCompany(r.company, deps.config.timezone) || !r.conn.sendIdQueue) continue;
    if (Date.parse(r.ticket.updatedAt) + r.conn.timeSendQueue * 60_000 > now) continue;
    await autoTransfer(deps, r.ticket, r.conn.sendIdQueue);
  }
}

/** tickets.rating-timeout: a ticket awaiting its rating longer than the window closes without one. */
export async function closeUnratedTickets(deps: Deps, now = deps.clock.now()) {
  const limit = new Date(now - RATING_WINDOW_MS).toISOString();
  const rows = await deps.db
    .select()
    .from(tickets)
    .where(and(isNotNull(tickets.awaitingRatingSince), lt(tickets.awaitingRatingSince, limit)));
  for (const t of rows) await closeWithoutRating(deps, t);
}
