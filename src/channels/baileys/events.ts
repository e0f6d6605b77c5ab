/**
 * Forwards a socket's message-level Baileys events to the channel's handlers through the pure
 * mapping: inbound batches in order (one at a time), acks after the rows they update, handler
 * failures logged and never fatal to the socket. Live messages arrive one `messages.upsert` each;
 * those that come while a batch is being handled join the next one, so a burst reaches `onMessages`
 * as a few batches (one group commit each, when the handler stores a batch together).
 */
import type { BaileysEventMap } from "baileys";
import type { ILogger } from "baileys/lib/Utils/logger";
import type { ChannelEvents, InboundMessage } from "../../core/channel";
import { type MediaDownloader, mapCalls, mapHistory, mapIdentities, mapReceipts, mapUpdates, mapUpsert } from "./mapping";

/** Messages one batch takes at most (a longer backlog goes on in the next batches). */
const MAX_BATCH = 256;
/** A message's receipt goes after this long even if its batch was not handled (a handler that never ends). */
const RECEIPT_AT_THE_LATEST_MS = 60_000;

export class EventForwarder {
  private inbound: Promise<void> = Promise.resolve();
  /** The queued batch not handed over yet: later messages join it (null once it started or something queued after it). */
  private open: InboundMessage[] | null = null;
  /** Receipts waiting for their message's batch to be handled, by WhatsApp message id. */
  private readonly receipts = new Map<string, (() => void)[]>();

  constructor(
    private readonly events: ChannelEvents,
    private readonly log: ILogger,
  ) {}

  /**
   * Maps and delivers one batch of events (connection and creds events are the runner's).
   * `groupSubject` fills InboundMessage.groupSubject (cached lookups; null when unknown).
   */
  forward(ev: Partial<BaileysEventMap>, download: MediaDownloader, groupSubject: (jid: string) => Promise<string | null> = async () => null) {
    const upsert = ev["messages.upsert"];
    if (upsert) {
      const { messages, identities, acks } = mapUpsert(upsert, download);
      for (const pair of identities) this.emit("onIdentity", pair);
      if (messages.length) this.queueMessages(messages, groupSubject);
      // after the messages, so an ack never precedes the row it updates
      if (acks.length) this.queueInbound(() => this.emit("onAck", acks));
      // their receipts go once what is queued so far (their batch included) was handled: stored or spooled
      const ids = upsert.messages.map((m) => m.key.id).filter((id): id is string => !!id);
      if (ids.length) void this.inbound.then(() => this.release(ids));
    }
    const updates = ev["messages.update"];
    if (updates) {
      const { acks, edits, revokes } = mapUpdates(updates);
      if (acks.length) this.emit("onAck", acks);
      for (const e of edits) this.emit("onEdit", e);
      for (const r of revokes) this.emit("onRevoke", r);
    }
    const receipts = ev["message-receipt.update"];
    if (receipts) {
      const acks = mapReceipts(receipts);
      if (acks.length) this.emit("onAck", acks);
    }
    if (ev.call) for (const c of mapCalls(ev.call)) this.emit("onCall", c);
    const history = ev["messaging-history.set"];
    if (history && this.events.onHistory) {
      const batch = mapHistory(history, download);
      // in the inbound queue (order kept), but a history chunk is never handed to the live pipeline
      if (batch.messages.length || batch.isLatest) this.queueInbound(() => this.events.onHistory?.(batch));
    }
    const pairs = mapIdentities({
      mappings: [...(ev["lid-mapping.update"] ? [ev["lid-mapping.update"]] : []), ...(ev["messaging-history.set"]?.lidPnMappings ?? [])],
      contacts: [...(ev["contacts.upsert"] ?? []), ...(ev["contacts.update"] ?? [])],
    });
    for (const pair of pairs) this.emit("onIdentity", pair);
  }

  /**
   * Resolves once the message with this id was handled (stored, or spooled when the database could not take it), for
   * its delivery receipt: WhatsApp delivers a message without one again, so a process killed before storing loses nothing.
   */
  whenStored(id: string | null | undefined): Promise<void> {
    if (!id) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.release([id]), RECEIPT_AT_THE_LATEST_MS);
      timer.unref?.(); // a stopping process does not wait for it
      const list = this.receipts.get(id) ?? [];
      list.push(() => {
        clearTimeout(timer);
        resolve();
      });
      this.receipts.set(id, list);
    });
  }

  private release(ids: string[]) {
    for (const id of ids) {
      const list = this.receipts.get(id);
      this.receipts.delete(id);
      for (const done of list ?? []) done();
    }
  }

  /** Waits until every inbound batch delivered so far has been handled. */
  drained(): Promise<void> {
    return this.inbound;
  }

  /** Calls one handler, logging (not throwing) its failure. */
  emit<K extends keyof ChannelEvents>(name: K, ...args: Parameters<NonNullable<ChannelEvents[K]>>) {
    const fn = this.events[name] as ((...a: unknown[]) => unknown) | undefined;
    if (!fn) return;
    try {
      const r = fn.apply(this.events, args);
      if (r instanceof Promise) r.catch((e) => this.log.error({ err: String(e) }, `${name} handler failed`));
    } catch (e) {
      this.log.error({ err: String(e) }, `${name} handler failed`);
    }
  }

  /** Queues messages: they join the batch still waiting its turn, or start a new one. */
  private queueMessages(messages: InboundMessage[], groupSubject: (jid: string) => Promise<string | null>) {
    if (this.open && this.open.length < MAX_BATCH) {
      this.open.push(...messages);
      return;
    }
    const batch = [...messages];
    this.queueInbound(async () => {
      if (this.open === batch) this.open = null; // handed over: later messages start the next batch
      for (const m of batch) if (m.isGroup) m.groupSubject = await groupSubject(m.chat.address);
      await this.events.onMessages(batch);
    });
    this.open = batch;
  }

  private queueInbound(fn: () => void | Promise<void>) {
    // an open batch is delivered before this item: nothing may join it any more (order is kept)
    this.open = null;
    this.inbound = this.inbound.then(fn).catch((e) => this.log.error({ err: String(e) }, "inbound handler failed"));
  }
}
