/**
 * What the answers to one delivery share (a connection's batch of messages: a burst, the offline backlog, up to 256):
 * reads that nothing in the delivery changes are made once for all its messages (the connection, its queues, the
 * company's campaign settings), and on PostgreSQL the loop breaker's recent messages of the tickets the delivery touched
 * once are read by one statement. A ticket two messages of the delivery touched is read again per answer, since the answer
 * before may have changed it (and sent a text the loop breaker must see).
 */
import { and, gt, inArray, sql } from "drizzle-orm";
import type { Deps } from "../core/deps";
import type { ConnectionRef } from "../core/inbound";
import { type CampaignSettings, campaignSettingsOf } from "../modules/campaigns";
import { connectionQueues, findConnection, type WhatsappRow } from "../modules/connections";
import { messages } from "../modules/messages";
import type { QueueRow } from "../modules/queues";
import { LOOP_WINDOW_MS, type Recent, RECENT_MAX } from "./bot/loop";

/** A read made once, on first use; a failed one is made again next time. */
function once<T>(read: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | null = null;
  return () => {
    p ??= read().catch((e) => {
      p = null;
      throw e;
    });
    return p;
  };
}

/** The shared reads of one delivery's answers. */
export class DeliveryReads {
  readonly connection: () => Promise<WhatsappRow | undefined>;
  readonly queues: () => Promise<QueueRow[]>;
  readonly campaignSettings: () => Promise<CampaignSettings>;
  private readonly recentAll: () => Promise<Map<number, Recent[]>>;

  /** `singles`: the tickets exactly one message of the delivery went to. */
  constructor(
    private readonly deps: Deps,
    ref: ConnectionRef,
    private readonly singles: ReadonlySet<number>,
  ) {
    this.connection = once(() => findConnection(deps.db, ref.companyId, ref.id));
    this.queues = once(() => connectionQueues(deps.db, ref.id));
    this.campaignSettings = once(() => campaignSettingsOf(deps.db, ref.companyId));
    this.recentAll = once(() => this.readRecent());
  }

  /** Whether the ticket's row as its message's commit left it is still the row (no other message of the delivery went to it). */
  isSingle(ticketId: number) {
    return this.singles.has(ticketId);
  }

  /** The loop breaker's recent messages of a ticket the delivery touched once (newest first); undefined for the others. */
  async recent(ticketId: number, now: number): Promise<Recent[] | undefined> {
    // One ticket, or SQLite (no round trips): the loop breaker's own prepared read costs less than the delivery's statement.
    if (this.deps.db.engine !== "pg" || this.singles.size < 2 || !this.singles.has(ticketId)) return undefined;
    const since = now - LOOP_WINDOW_MS;
    return ((await this.recentAll()).get(ticketId) ?? []).filter((m) => m.at > since);
  }

  /** The newest RECENT_MAX messages of the window of every single ticket, in one statement. */
  private async readRecent(): Promise<Map<number, Recent[]>> {
    const since = new Date(this.deps.clock.now() - LOOP_WINDOW_MS).toISOString();
    const ids = [...this.singles];
    const rows = ids.length
      ? await this.deps.db
          .select({
            ticketId: messages.ticketId,
            body: messages.body,
            fromMe: messages.fromMe,
            isAutomatic: messages.isAutomatic,
            createdAt: messages.createdAt,
          })
          .from(messages)
          .where(
            sql`${messages.id} in (select id from (select id, row_number() over (partition by ticket_id order by id desc) as n from messages where ${and(inArray(messages.ticketId, ids), gt(messages.createdAt, since))}) as r where n <= ${RECENT_MAX})`,
          )
          .orderBy(sql`${messages.id} desc`)
      : [];
    const out = new Map<number, Recent[]>();
    for (const m of rows) {
      const list = out.get(m.ticketId) ?? [];
      out.set(m.ticketId, list);
      list.push({ body: m.body.trim(), fromMe: m.fromMe, isAutomatic: m.isAutomatic, at: Date.parse(m.createdAt) });
    }
    return out;
  }
}
