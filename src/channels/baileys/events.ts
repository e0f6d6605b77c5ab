/**
 * Forwards a socket's message-level Baileys events to the channel's handlers through the pure
 * mapping: inbound batches in order (one at a time), acks after the rows they update, handler
 * failures logged and never fatal to the socket.
 */
import type { BaileysEventMap } from "baileys";
import type { ILogger } from "baileys/lib/Utils/logger";
import type { ChannelEvents } from "../types";
import { type MediaDownloader, mapCalls, mapHistory, mapIdentities, mapReceipts, mapUpdates, mapUpsert } from "./mapping";

export class EventForwarder {
  private inbound: Promise<void> = Promise.resolve();

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
      if (messages.length) {
        this.queueInbound(async () => {
          for (const m of messages) if (m.isGroup) m.groupSubject = await groupSubject(m.chat.address);
          await this.events.onMessages(messages);
        });
      }
      // after the messages, so an ack never precedes the row it updates
      if (acks.length) this.queueInbound(() => this.emit("onAck", acks));
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

  private queueInbound(fn: () => void | Promise<void>) {
    this.inbound = this.inbound.then(fn).catch((e) => this.log.error({ err: String(e) }, "inbound handler failed"));
  }
}
