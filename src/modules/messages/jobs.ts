import { and, eq, lt } from "drizzle-orm";
import { LIMITS } from "../../contract/limits";
import type { Deps } from "../../core/deps";
import { isoNow } from "../../lib/clock";
import { tickets } from "../tickets";
import { isQueued, messages } from "./schema";
import { deliver, publishMessageUpdated } from "./service";

/**
 * outbox.retry: messages still queued a minute after their last change (the process stopped
 * mid-send, or the connection came back without a flush) go out now with the same reserved id;
 * messages that waited longer than LIMITS.outboxTimeoutMs for their connection fail visibly.
 */
export async function retryQueuedMessages(deps: Deps, now = deps.clock.now()) {
  const expired = new Date(now - LIMITS.outboxTimeoutMs).toISOString();
  const stale = await deps.db
    .update(messages)
    .set({ sendStatus: "failed", sendError: "ERR_WAPP_NOT_INITIALIZED", ack: 0, updatedAt: isoNow(deps.clock) })
    .where(and(isQueued, lt(messages.updatedAt, expired)))
    .returning({ id: messages.id, companyId: messages.companyId });
  for (const m of stale) await publishMessageUpdated(deps, m.companyId, m.id);
  const limit = new Date(now - 60_000).toISOString();
  const rows = await deps.db
    .select({ id: messages.id, companyId: messages.companyId, whatsappId: tickets.whatsappId, contactId: tickets.contactId })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .where(and(isQueued, lt(messages.updatedAt, limit)))
    .limit(200);
  for (const r of rows) await deliver(deps, r, r.id);
}
