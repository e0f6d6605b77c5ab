/**
 * The 24-hour customer-service window of Cloud API connections: a free-form message may go to a
 * customer up to 24 hours after their last message to the number; outside it, only a template.
 * The window is kept per connection and customer number, from every message the webhook brings.
 */
import { and, eq, sql } from "drizzle-orm";
import type { DB, DbOrTx } from "../../core/db";
import { prepared } from "../../db/prepared";
import { greatest } from "../../db/query";
import { cloudApiWindows } from "./schema";

/** A customer wrote at `at` (epoch ms): the window runs from then, never backwards (late redeliveries). */
export async function noteInbound(db: DbOrTx, connectionId: number, number: string, at: number) {
  await db
    .insert(cloudApiWindows)
    .values({ connectionId, number, lastInboundAt: at })
    .onConflictDoUpdate({
      target: [cloudApiWindows.connectionId, cloudApiWindows.number],
      set: { lastInboundAt: greatest(db, cloudApiWindows.lastInboundAt, sql`excluded.last_inbound_at`) },
    });
}

/** When the customer last wrote to the connection's number (epoch ms), or null when never. */
export async function lastInboundAt(db: DB, connectionId: number, number: string): Promise<number | null> {
  const row = await prepared(db, "cloudapi.window", (d) =>
    d
      .select({ at: cloudApiWindows.lastInboundAt })
      .from(cloudApiWindows)
      .where(and(eq(cloudApiWindows.connectionId, sql.placeholder("connectionId")), eq(cloudApiWindows.number, sql.placeholder("number"))))
      .prepare(),
  ).get({ connectionId, number });
  return row?.at ?? null;
}
