import { and, eq, lt } from "drizzle-orm";
import { supervisorOf } from "../channels/wiring";
import type { Deps } from "../http/context";
import { messages } from "../modules/messages/schema";
import { deliver } from "../modules/messages/service";
import { tickets } from "../modules/tickets/schema";
import { Scheduler } from "./scheduler";
import { autoTransferTickets, closeUnratedTickets, expireInactiveTickets, sweepOfflineUsers } from "./tickets";

/**
 * outbox.retry: messages still "queued" a minute after creation (the process stopped mid-send) are
 * delivered now with the same reserved id, so a restart loses and duplicates nothing.
 */
export async function retryQueuedMessages(deps: Deps, now = Date.now()) {
  const limit = new Date(now - 60_000).toISOString();
  const rows = deps.db
    .select({ id: messages.id, companyId: messages.companyId, whatsappId: tickets.whatsappId, contactId: tickets.contactId })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .where(and(eq(messages.sendStatus, "queued"), lt(messages.createdAt, limit)))
    .limit(200)
    .all();
  for (const r of rows) await deliver(deps, r, r.id);
}

/** Registers the background jobs (stable dotted names; super users can list and run them). */
export function createScheduler(deps: Deps) {
  const s = new Scheduler(deps.config.timezone);
  s.add({ name: "tickets.expire", pattern: "0 * * * * *", run: () => expireInactiveTickets(deps) });
  s.add({ name: "tickets.auto-transfer", pattern: "15 * * * * *", run: () => autoTransferTickets(deps) });
  s.add({ name: "tickets.rating-timeout", pattern: "30 */5 * * * *", run: () => closeUnratedTickets(deps) });
  s.add({ name: "users.offline-sweep", pattern: "45 * * * * *", run: () => sweepOfflineUsers(deps) });
  s.add({ name: "connections.pause-lapsed", pattern: "20 */10 * * * *", run: async () => void (await supervisorOf(deps).pauseLapsed()) });
  s.add({ name: "outbox.retry", pattern: "*/30 * * * * *", run: () => retryQueuedMessages(deps) });
  s.add({
    name: "db.optimize",
    pattern: "0 17 3 * * *",
    run: () => {
      deps.db.sqlite.exec("PRAGMA wal_checkpoint(TRUNCATE)");
      deps.db.sqlite.exec("PRAGMA optimize");
    },
  });
  return s;
}
