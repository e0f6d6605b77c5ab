import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../core/db";
import { nowIso } from "../../lib/dates";
import { queues } from "../queues";
import { listCompanyConnections } from "./queries";
import { type WhatsappRow, whatsappQueues, whatsapps } from "./schema";

/**
 * A new queue joins every connection that already serves all of the company's other queues: a
 * connection without queues gets the company's first one, and one that serves every queue keeps
 * serving every queue (issue 29: "Primeiros passos" done in order, connection then queues, used to
 * leave the new connection without queues, so the customer's "oi" got no menu and no queue). A
 * connection whose admin chose a subset of queues is left alone. The menu of two or more queues needs
 * a greeting to introduce it (ERR_WAPP_GREETING_REQUIRED): a connection without one gets `greeting`.
 * Runs inside the queue's creation transaction; answers the connections that changed, to announce
 * after commit.
 */
export async function linkNewQueue(db: DbOrTx, companyId: number, queueId: number, greeting: string): Promise<WhatsappRow[]> {
  const conns = await listCompanyConnections(db, companyId);
  if (!conns.length) return [];
  const others = (await db.select({ id: queues.id }).from(queues).where(eq(queues.companyId, companyId))).map((q) => q.id).filter((id) => id !== queueId);
  const served = new Map<number, Set<number>>(conns.map((c) => [c.id, new Set()]));
  const links = await db
    .select()
    .from(whatsappQueues)
    .where(
      inArray(
        whatsappQueues.whatsappId,
        conns.map((c) => c.id),
      ),
    );
  for (const l of links) served.get(l.whatsappId)?.add(l.queueId);
  const changed: WhatsappRow[] = [];
  for (const c of conns) {
    const set = served.get(c.id) ?? new Set();
    if (!others.every((id) => set.has(id))) continue;
    await db.insert(whatsappQueues).values({ whatsappId: c.id, queueId }).onConflictDoNothing();
    const needsGreeting = set.size + 1 > 1 && !c.greetingMessage.trim();
    const row = (
      await db
        .update(whatsapps)
        .set({ updatedAt: nowIso(), ...(needsGreeting && { greetingMessage: greeting }) })
        .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, c.id)))
        .returning()
    )[0];
    if (row) changed.push(row);
  }
  return changed;
}
