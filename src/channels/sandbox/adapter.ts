import { and, eq, inArray, lt } from "drizzle-orm";
import type { DB } from "../../core/db";
import { nowIso } from "../../lib/dates";
import { log } from "../../lib/logger";
import type { Hub } from "../../core/hub";
import type { BlobStore } from "../../lib/blob-store";
import { rooms } from "../../contract/rooms";
import { anyNumber, numberOf } from "../../core/channel";
import { sendKindOf } from "../../contract/media";
import { OPUS_MIME } from "../../contract/media";
import type { ChannelAdapter, ChannelEvents, MediaInfo, Outgoing, SendResult, SessionStatus } from "../../core/channel";
import type { SandboxInbound } from "../../core/channels";
import { clientWid, type SandboxMessageDto, serializeSandboxMessage, toInbound } from "./messages";
import { insertPhoneInbound, tickDelivered } from "./queries";
import { type SandboxMessageRow, sandboxMessages } from "./schema";

/** What the sandbox channel needs from the app. */
export interface SandboxEnv {
  db: DB;
  hub: Hub;
  /** The file store: what the phone sends and receives is kept there like any media. */
  blobs: BlobStore;
  /** Delays of the delivered (3) and read (4) acks after a company message reaches the phone. */
  ackDelaysMs?: readonly [number, number];
}

const DEFAULT_ACK_DELAYS = [400, 1500] as const;

const newWid = () => `SBX${crypto.randomUUID().replaceAll("-", "").slice(0, 20).toUpperCase()}`;

/** What the phone keeps of a media message's previews (JSON column `media_info`). */
function mediaInfoJson(info: MediaInfo | undefined): string | null {
  if (!info) return null;
  const b64 = (u: Uint8Array | undefined) => (u?.length ? Buffer.from(u).toString("base64") : undefined);
  return JSON.stringify({ ...info, jpegThumbnail: b64(info.jpegThumbnail), waveform: info.waveform ? [...info.waveform] : undefined });
}

/**
 * The sandbox channel: a simulated phone per connection. It needs no network: start connects at
 * once, the company's sends land in `sandbox_messages` (what the phone shows) with acks 1 → 3 → 4,
 * and the customer's messages enter through `receive`, as InboundMessages on the same events a
 * WhatsApp connection uses, so they take exactly the same pipeline.
 */
export class SandboxAdapter implements ChannelAdapter {
  readonly kind = "sandbox";
  status: SessionStatus = "DISCONNECTED";
  private readonly timers = new Set<Timer>();

  constructor(
    private readonly id: { connectionId: number; companyId: number; events: ChannelEvents },
    private readonly env: SandboxEnv,
  ) {}

  get connectionId() {
    return this.id.connectionId;
  }

  async start(): Promise<void> {
    this.status = "CONNECTED";
    this.id.events.onStatus("CONNECTED", { retries: 0 });
  }

  async stop(): Promise<void> {
    this.halt("stopped");
  }

  /** A person disconnected the phone: its own close reason, so the next boot leaves it disconnected (startAll). */
  async logout(): Promise<void> {
    this.halt("disconnected");
  }

  private halt(reason: string) {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.status = "DISCONNECTED";
    this.id.events.onStatus("DISCONNECTED", { reason });
  }

  async send(msg: Outgoing): Promise<SendResult> {
    if (this.status !== "CONNECTED") throw new Error("ERR_WAPP_NOT_INITIALIZED");
    const number = numberOf(msg.to) ?? msg.to.split("@")[0];
    const wid = msg.id ?? newWid();
    const base = {
      companyId: this.id.companyId,
      connectionId: this.id.connectionId,
      number,
      direction: "out",
      wid,
      quotedWid: msg.quoted?.id ?? null,
      ack: 1,
      createdAt: nowIso(),
    };
    let values: typeof sandboxMessages.$inferInsert;
    switch (msg.type) {
      case "text":
      case "template":
        values = { ...base, type: "text", body: msg.body };
        break;
      case "reaction":
        values = { ...base, type: "reaction", body: msg.emoji, quotedWid: msg.target.id };
        break;
      case "media": {
        const mediaPath = this.keepMedia(msg);
        // the same decisions the WhatsApp channel makes (src/channels/baileys/send.ts)
        const kind = sendKindOf(msg.mimetype);
        const ptt = kind === "audio" && !!msg.ptt && /^audio\/ogg/.test(msg.mimetype);
        values = {
          ...base,
          type: kind,
          body: msg.caption ?? "",
          mediaPath,
          mediaName: msg.fileName,
          mimetype: ptt ? OPUS_MIME : msg.mimetype,
          ptt,
          mediaInfo: mediaInfoJson(msg.info),
        };
        break;
      }
      case "location":
        values = { ...base, type: "location", body: msg.name ?? "", latitude: msg.latitude, longitude: msg.longitude };
        break;
      case "contact":
        values = { ...base, type: "contact", body: msg.displayName, vcard: msg.vcard };
        break;
    }
    // a retried send of the same reserved id shows once
    const row = (await this.env.db.insert(sandboxMessages).values(values).onConflictDoNothing().returning())[0];
    if (row) {
      this.publish("create", row);
      const [delivered, read] = this.env.ackDelaysMs ?? DEFAULT_ACK_DELAYS;
      this.later(delivered, () => this.ack(wid, 3));
      this.later(read, () => this.ack(wid, 4));
    }
    return { id: wid, ack: 1 };
  }

  async deleteForEveryone(target: { id: string }): Promise<void> {
    const row = (
      await this.env.db
        .update(sandboxMessages)
        .set({ isDeleted: true })
        .where(and(eq(sandboxMessages.connectionId, this.id.connectionId), eq(sandboxMessages.wid, target.id)))
        .returning()
    )[0];
    if (row) this.publish("update", row);
  }

  /** The company read the customer's messages: blue ticks on the phone. */
  async markRead(targets: { id: string; to: string }[]): Promise<void> {
    const numbers = [...new Set(targets.map((t) => numberOf(t.to) ?? t.to.split("@")[0]))];
    if (!numbers.length) return;
    const rows = await this.env.db
      .update(sandboxMessages)
      .set({ ack: 4 })
      .where(
        and(
          eq(sandboxMessages.connectionId, this.id.connectionId),
          eq(sandboxMessages.direction, "in"),
          inArray(sandboxMessages.number, numbers),
          inArray(sandboxMessages.ack, [1, 2, 3]),
        ),
      )
      .returning();
    for (const r of rows) this.publish("update", r);
  }

  async checkNumber(number: string) {
    return anyNumber(number);
  }

  async profilePicture(): Promise<string | null> {
    return null;
  }

  /**
   * A customer writes from the phone: stored for the phone's view, then handed to the pipeline
   * (which stores it, or spools it when storage fails). A message the phone names (`input.id`) is
   * kept once however often it is sent: a retry finds its row and hands the same message on again,
   * which the pipeline and the spool take at most once.
   */
  async receive(input: SandboxInbound): Promise<SandboxMessageDto> {
    const wid = input.id ? clientWid(input.id) : newWid();
    const now = Date.now();
    const inserted = await insertPhoneInbound(this.env.db, {
      companyId: this.id.companyId,
      connectionId: this.id.connectionId,
      number: input.number,
      name: input.name,
      wid,
      type: input.type,
      body: input.body,
      mediaPath: input.media?.mediaPath ?? null,
      mediaName: input.media?.mediaName ?? null,
      mimetype: input.media?.mime ?? null,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
      vcard: input.vcard ?? null,
      quotedWid: input.quotedId ?? null,
      createdAt: new Date(now).toISOString(),
    });
    const row = inserted ?? (await this.findByWid(wid));
    if (!row) throw new Error("sandbox message vanished");
    if (inserted) this.publish("create", row);
    await this.id.events.onMessages([toInbound(input, wid, Date.parse(row.createdAt), this.env.blobs)]);
    let delivered: SandboxMessageRow | undefined;
    try {
      delivered = await tickDelivered(this.env.db, row.id);
    } catch (e) {
      // The phone's tick only: the message itself is stored or spooled by now, and the answer must say so.
      log.warn("sandbox delivery tick not written", { connectionId: this.id.connectionId, err: String(e) });
    }
    if (delivered) this.publish("update", delivered);
    return serializeSandboxMessage(delivered ?? row);
  }

  /** A message of this phone by its channel id. */
  async findByWid(wid: string): Promise<SandboxMessageRow | undefined> {
    return (
      await this.env.db
        .select()
        .from(sandboxMessages)
        .where(and(eq(sandboxMessages.connectionId, this.id.connectionId), eq(sandboxMessages.wid, wid)))
        .limit(1)
    )[0];
  }

  private async ack(wid: string, ack: number) {
    if (this.status !== "CONNECTED") return;
    const row = (
      await this.env.db
        .update(sandboxMessages)
        .set({ ack })
        // Acks only go up: a late "delivered" (its timer's write delayed under load) must not undo "read".
        .where(and(eq(sandboxMessages.connectionId, this.id.connectionId), eq(sandboxMessages.wid, wid), lt(sandboxMessages.ack, ack)))
        .returning()
    )[0];
    if (!row) return;
    this.publish("update", row);
    await this.id.events.onAck([{ id: wid, ack }]);
  }

  private later(ms: number, fn: () => unknown) {
    const t = setTimeout(() => {
      this.timers.delete(t);
      Promise.resolve()
        .then(fn)
        .catch((e) => log.warn("sandbox ack failed", { connectionId: this.id.connectionId, err: String(e) }));
    }, ms);
    this.timers.add(t);
  }

  /** Media sent to the phone is the company's stored file (the phone shows it from the file store, as the chat does). */
  private keepMedia(msg: { mediaPath?: string }): string | null {
    if (msg.mediaPath?.startsWith(`${this.id.companyId}/`)) return msg.mediaPath;
    log.warn("sandbox media without a stored file of the company", { connectionId: this.id.connectionId });
    return null;
  }

  private publish(action: "create" | "update", row: SandboxMessageRow) {
    this.env.hub.publish(rooms.sandbox(this.id.connectionId), {
      channel: "sandbox",
      action,
      connectionId: this.id.connectionId,
      message: serializeSandboxMessage(row),
    });
  }
}
