import { filesElsewhere } from "../config";
import type { Deps } from "../core/deps";
import { optimizeDatabase } from "../db/client";
import { dispatchCampaigns } from "../modules/campaigns";
import { sweepEndedSockets } from "../modules/auth";
import { checkListNumbers } from "../modules/contact-lists";
import { retryQueuedMessages } from "../modules/messages";
import { runScheduledBackup } from "../ops/schedule";
import { sendDueSchedules } from "../modules/schedules";
import { Scheduler } from "./scheduler";
import type { JobLock } from "../cluster/jobs";
import { pruneAuditLog } from "../modules/audit";
import { generateInvoices } from "../modules/invoices";
import { autoTransferTickets, closeUnratedTickets, expireInactiveTickets } from "../modules/tickets";
import { sweepOfflineUsers } from "../modules/users";

/**
 * Registers the background jobs (stable dotted names; super users can list and run them). `lock` decides where a
 * tick runs (src/cluster/jobs.ts): here (one box) or on one node of several. `everyNode` jobs work on what this node
 * holds (its sockets, disk, inbound spool, the WhatsApp sessions it runs, whose queued messages only it can send):
 * every node runs them for itself.
 */
export function createScheduler(deps: Deps, lock?: JobLock) {
  const s = new Scheduler(deps.config.timezone, lock);
  const sqlite = deps.db.engine === "sqlite";
  s.add({ name: "tickets.expire", pattern: "0 * * * * *", run: () => expireInactiveTickets(deps) });
  s.add({ name: "tickets.auto-transfer", pattern: "15 * * * * *", run: () => autoTransferTickets(deps) });
  s.add({ name: "tickets.rating-timeout", pattern: "30 */5 * * * *", run: () => closeUnratedTickets(deps) });
  s.add({ name: "sessions.socket-sweep", everyNode: true, pattern: "*/10 * * * * *", run: () => void sweepEndedSockets(deps) });
  s.add({ name: "users.offline-sweep", pattern: "45 * * * * *", run: () => sweepOfflineUsers(deps) });
  s.add({ name: "connections.pause-lapsed", everyNode: true, pattern: "20 */10 * * * *", run: async () => void (await deps.sessions.pauseLapsed()) });
  s.add({ name: "outbox.retry", everyNode: true, pattern: "*/30 * * * * *", run: () => retryQueuedMessages(deps) });
  // Each node sends the campaigns of the connections it runs (their pacing holds); every step is guarded (once).
  s.add({ name: "campaigns.dispatch", everyNode: true, pattern: "* * * * * *", run: () => dispatchCampaigns(deps), timeoutMs: 2_000 });
  s.add({ name: "schedules.send-due", pattern: "*/5 * * * * *", run: () => sendDueSchedules(deps) });
  s.add({ name: "contact-lists.check-numbers", pattern: "*/5 * * * * *", run: () => checkListNumbers(deps) });
  s.add({ name: "inbound.spool-retry", everyNode: true, pattern: "*/10 * * * * *", run: () => deps.inboundSpool.drain() });
  s.add({ name: "invoices.generate", pattern: "0 5 * * * *", run: () => void generateInvoices(deps) });
  // The backup archive holds SQLite's file (VACUUM INTO): on PostgreSQL, backups are PostgreSQL's job (pg_dump, snapshots).
  if (sqlite)
    s.add({
      name: "backups.scheduled",
      everyNode: true,
      pattern: "5 * * * * *",
      run: async () =>
        void (await runScheduledBackup(deps.db, deps.config.dataDir, deps.config.timezone, deps.storage, new Date(), filesElsewhere(deps.config.blobs))),
    });
  s.add({ name: "audit.prune", pattern: "0 23 4 * * *", run: () => void pruneAuditLog(deps) });
  s.add({ name: "storage.check", everyNode: true, pattern: "40 * * * * *", run: () => void deps.storage.check() });
  // WAL checkpoint and planner statistics of SQLite; PostgreSQL's autovacuum does both.
  if (sqlite) s.add({ name: "db.optimize", everyNode: true, pattern: "0 17 3 * * *", run: () => optimizeDatabase(deps.db) });
  return s;
}
