import { can } from "../../contract/permissions";
import type { ChatDto, ChatMessageDto } from "../../contract/dto/chats";
import type { NotificationDto, PushPayload } from "../../contract/dto/notifications";
import type { TicketDto } from "../../contract/dto/tickets";
import type { ServerFrame } from "../../contract/frames";
import type { NotificationKind } from "../../contract/schemas/notifications";
import type { Deps } from "../../core/deps";
import type { Notifier as NotifierPort } from "../../core/ports";
import { log } from "../../lib/logger";
import { rooms } from "../../contract/rooms";
import { findConnection } from "../connections";
import { findQueue } from "../queues";
import { canViewTicket } from "../tickets";
import { findTicketRow } from "../tickets";
import type { TicketRow } from "../tickets";
import { companyUserIdsWhere, loadSessionUser, queueMemberIds } from "../users";
import { type Candidate, chatCandidate, type Place, ticketCandidates } from "./events";
import { payloadFor } from "./payload";
import { deliveryOf } from "./prefs";
import { sendPush } from "./push";
import { deleteSubscription, subscriptionsOf, touchSubscription } from "./queries";
import { effectivePrefs } from "./service";

/** Events are gathered this long and sent as one batch (a burst of messages on one ticket becomes one alert). */
const BATCH_MS = 250;
/** Pushes in flight at once. */
const CONCURRENCY = 8;
/** A connection that went down alerts admins when it is still down after this long. */
const DOWN_AFTER_MS = 60_000;
/** Tickets remembered as already announced waiting (bounded). */
const WAITING_MAX = 20_000;

type ConnectionState = Parameters<NotifierPort["onConnectionStatus"]>[0];

/** One alert for one user, ready to deliver. */
export interface Alert {
  kind: NotificationKind;
  userId: number;
  url: string;
  tag: string;
  /** Builds the push's texts in a device's language, with or without the message text. */
  payload: (lang: string, preview: boolean) => PushPayload;
}

/**
 * The notifier: it learns of events from the points that publish realtime frames (after commit),
 * gathers them for a moment off the hot path, then decides who is alerted — with the same visibility
 * rule as every read — and how (a sound frame to their open tabs, a Web Push to their devices when no
 * tab of theirs is on screen), following each user's preferences and quiet hours. Its state (batch,
 * announced waiting tickets, connection timers) lives here, in Deps, not in the module.
 */
export class Notifier implements NotifierPort {
  batchMs = BATCH_MS;
  downAfterMs = DOWN_AFTER_MS;
  private pending: Candidate[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly waiting = new Map<number, number | null>();
  private readonly downTimers = new Map<number, ReturnType<typeof setTimeout>>();
  private readonly sends = new Set<Promise<void>>();
  private readonly queue: (() => Promise<void>)[] = [];
  private seq = 0;
  /** The drain running now (a timer's or a flush's): drains run one after the other, so a flush waits for one under way. */
  private draining: Promise<void> = Promise.resolve();

  constructor(private readonly deps: Deps) {}

  /** A ticket frame was published (tickets/events.ts): queue what it may mean. */
  onTicketFrame(ticket: TicketDto, frame: ServerFrame, before: Place | undefined, actorId: number | null) {
    if (ticket.status !== "pending") this.waiting.delete(ticket.id);
    for (const c of ticketCandidates(ticket, frame, before, actorId)) this.add(c);
  }

  /** An internal chat message was stored: direct messages and mentions alert. */
  onChatMessage(companyId: number, chat: ChatDto, message: ChatMessageDto) {
    const c = chatCandidate(companyId, chat, message);
    if (c) this.add(c);
  }

  /** A connection's session state changed: a fall from CONNECTED alerts admins if it lasts past downAfterMs. */
  onConnectionStatus(before: ConnectionState, after: ConnectionState) {
    if (after.status === "CONNECTED") {
      clearTimeout(this.downTimers.get(after.id));
      this.downTimers.delete(after.id);
      return;
    }
    if (before.status !== "CONNECTED" || this.downTimers.has(after.id)) return;
    const timer = setTimeout(async () => {
      this.downTimers.delete(after.id);
      try {
        const now = await findConnection(this.deps.db, after.companyId, after.id);
        if (now && now.status !== "CONNECTED") this.add({ kind: "connection", companyId: now.companyId, connectionId: now.id, name: now.name });
      } catch (e) {
        log.warn("connection alert skipped", { err: String(e) });
      }
    }, this.downAfterMs);
    timer.unref?.();
    this.downTimers.set(after.id, timer);
  }

  /** Drains now and waits for every push in flight (tests, shutdown). */
  async flush() {
    await this.drain();
    while (this.sends.size || this.queue.length) await Promise.all([...this.sends]);
  }

  /** Stops the timers (shutdown): events not yet drained are dropped. */
  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = [];
    for (const t of this.downTimers.values()) clearTimeout(t);
    this.downTimers.clear();
  }

  private add(c: Candidate) {
    this.pending.push(c);
    if (!this.timer) {
      this.timer = setTimeout(() => this.drain(), this.batchMs);
      this.timer.unref?.();
    }
  }

  /**
   * Drains after the drain under way: its alerts read the database (awaits), and a flush that found the batch
   * already taken would otherwise answer before that batch's pushes were even queued.
   */
  private drain(): Promise<void> {
    const run = this.draining.then(() => this.drainNow());
    this.draining = run.catch(() => {});
    return run;
  }

  /** Turns the gathered events into alerts: one per user and ticket (or chat, or connection) per batch. */
  private async drainNow() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    if (!batch.length) return;
    const alerts = new Map<string, Alert>();
    // who serves a queue (or follows queue-less tickets) is read once per batch
    const people = new Map<string, number[]>();
    const memo = async (key: string, read: () => Promise<number[]>) => {
      const known = people.get(key);
      if (known) return known;
      const ids = await read();
      people.set(key, ids);
      return ids;
    };
    for (const c of batch) {
      try {
        for (const a of await this.alertsOf(c, memo)) alerts.set(`${a.userId}:${a.tag}`, a);
      } catch (e) {
        log.warn("notification skipped", { kind: c.kind, err: String(e) });
      }
    }
    for (const a of alerts.values()) {
      try {
        await this.deliver(a);
      } catch (e) {
        log.warn("notification not delivered", { kind: a.kind, err: String(e) });
      }
    }
  }

  /** The users an event alerts, checked against the ticket as it is now. */
  private async alertsOf(c: Candidate, memo: (key: string, read: () => Promise<number[]>) => Promise<number[]>): Promise<Alert[]> {
    const { db } = this.deps;
    if (c.kind === "chat") {
      const url = `/chats/${c.chatUuid}`;
      return c.userIds.map((userId) => ({
        kind: "chat",
        userId,
        url,
        tag: `chat-${c.chatId}`,
        payload: payloadFor(c, url, `chat-${c.chatId}`, c.mentioned.includes(userId)),
      }));
    }
    if (c.kind === "connection") {
      const url = "/connections";
      const tag = `connection-${c.connectionId}`;
      return (await companyUserIdsWhere(db, c.companyId, "notifications:connectionAlerts")).map((userId) => ({
        kind: "connection",
        userId,
        url,
        tag,
        payload: payloadFor(c, url, tag, false),
      }));
    }
    const t = await findTicketRow(db, c.companyId, c.ticketId);
    if (!t || t.status === "closed") return [];
    let users: number[] = [];
    let queueName = "";
    if (c.kind === "newMessage") {
      if (t.status === "open" && t.userId === c.userId) users = [c.userId];
    } else if (c.kind === "transfer" && c.toUserId) {
      if (t.userId === c.toUserId) users = [c.toUserId];
    } else if (t.status === "pending" && !t.useIntegration && !t.chatbot) {
      const queueId = t.queueId;
      if ((c.kind === "transfer" && c.toQueueId !== queueId) || this.waiting.get(t.id) === queueId) return [];
      this.remember(t);
      queueName = queueId ? ((await findQueue(db, c.companyId, queueId))?.name ?? "") : "";
      const serving = queueId
        ? await memo(`queue:${queueId}`, () => queueMemberIds(db, c.companyId, queueId))
        : await memo(`all:${c.companyId}`, () => companyUserIdsWhere(db, c.companyId, "allTicket"));
      users = serving.filter((u) => u !== c.actorId);
    }
    const url = `/tickets/${t.uuid}`;
    const tag = `ticket-${t.id}`;
    return users
      .filter((userId) => this.maySee(userId, t))
      .map((userId) => ({ kind: c.kind, userId, url, tag, payload: payloadFor(c, url, tag, false, queueName) }));
  }

  /** THE visibility rule, for the recipient as they are now (their queues, their profile). */
  private async maySee(userId: number, t: TicketRow): Promise<boolean> {
    const found = await loadSessionUser(this.deps.db, userId);
    return !!found && found.user.companyId === t.companyId && canViewTicket(found.user, t);
  }

  private remember(t: TicketRow) {
    this.waiting.delete(t.id);
    this.waiting.set(t.id, t.queueId);
    if (this.waiting.size > WAITING_MAX) this.waiting.delete(this.waiting.keys().next().value as number);
  }

  /** Sound to the user's tabs and a push to their devices, as their preferences say. */
  private async deliver(a: Alert) {
    const found = await loadSessionUser(this.deps.db, a.userId);
    if (!found) return;
    if (a.kind === "connection" && !can(found.user, "notifications:connectionAlerts")) return;
    const prefs = (await effectivePrefs(this.deps.db, found.user.companyId, a.userId)).prefs;
    const how = deliveryOf(prefs, a.kind, this.deps.clock.now(), this.deps.config.timezone);
    if (how.sound) {
      const notification: NotificationDto = { id: `${Date.now().toString(36)}-${++this.seq}`, kind: a.kind, sound: true, url: a.url };
      this.deps.hub.publish(rooms.user(a.userId), { channel: "notification", action: "create", notification });
    }
    // A tab on screen shows the event itself: no push on top of it.
    if (!how.notification || this.deps.hub.hasVisibleSocket(a.userId)) return;
    for (const sub of await subscriptionsOf(this.deps.db, a.userId)) {
      this.enqueue(async () => {
        const res = await sendPush(this.deps, sub, a.payload(sub.lang, prefs.preview), a.tag);
        if (res.outcome === "gone") await deleteSubscription(this.deps.db, sub.id);
        else if (res.outcome === "sent") await touchSubscription(this.deps.db, sub.id, new Date(this.deps.clock.now()).toISOString());
        else log.info("push not accepted", { status: res.status, host: new URL(sub.endpoint).host });
      });
    }
  }

  /** Runs pushes with at most CONCURRENCY in flight. */
  private enqueue(job: () => Promise<void>) {
    this.queue.push(job);
    this.pump();
  }

  private pump() {
    while (this.sends.size < CONCURRENCY && this.queue.length) {
      const job = this.queue.shift() as () => Promise<void>;
      const p: Promise<void> = job()
        .catch((e) => log.warn("push failed", { err: String(e) }))
        .finally(() => {
          this.sends.delete(p);
          this.pump();
        });
      this.sends.add(p);
    }
  }
}
