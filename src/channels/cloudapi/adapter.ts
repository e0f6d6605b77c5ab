import { MEDIA_MAX_BYTES, sendKindOf } from "../../contract/media";
import type { Deps } from "../../core/deps";
import { nowIso } from "../../lib/dates";
import { log } from "../../lib/logger";
import { anyNumber, numberOf } from "../../core/channel";
import type { ChannelAdapter, ChannelEvents, Outgoing, SendResult, SessionStatus, StartOptions } from "../../core/channel";
import { credsOf, findAccount, graphEnv, recordError } from "./accounts";
import { fatalReason, sendErrorOf } from "./errors";
import { downloadMedia, type GraphCreds, phoneNumbers, postMessage, postRead, uploadMedia } from "./graph";
import { parseWebhook, type WebhookBatch } from "./mapping";
import { messageBody } from "./outgoing";
import { cloudApiAccounts } from "./schema";
import { refreshTemplatesLater, templateComponents } from "./templates";
import { noteInbound } from "./window";
import { eq } from "drizzle-orm";

/** What the Cloud API channel needs from the app: the database, CLOUD_API_URL and the outbound guard. */
export type CloudEnv = Pick<Deps, "db" | "config" | "outbound">;

/** A send refused by WhatsApp: `code` is the message's failure reason (ERR_CLOUD_…). */
export class CloudSendError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/** Retry delays after Meta could not be reached while connecting. */
const RETRY_MS = [5_000, 30_000, 60_000, 300_000];

/**
 * The WhatsApp Cloud API channel: Meta's official API for one business number. Nothing stays
 * open: start proves the credentials with one Graph call, sends are Graph calls, and customers'
 * messages and delivery statuses arrive through the connection's signed webhook (`receive`), which
 * hands them to the same events every channel uses.
 */
export class CloudApiAdapter implements ChannelAdapter {
  readonly kind = "cloudapi";
  status: SessionStatus = "DISCONNECTED";
  private retry: Timer | null = null;
  private attempts = 0;

  constructor(
    private readonly id: { connectionId: number; companyId: number; events: ChannelEvents },
    private readonly env: CloudEnv,
  ) {}

  get connectionId() {
    return this.id.connectionId;
  }

  private async account() {
    const a = await findAccount(this.env.db, this.id.connectionId);
    if (!a) throw new CloudSendError("ERR_WAPP_NOT_INITIALIZED");
    return a;
  }

  private async creds(): Promise<GraphCreds> {
    return credsOf(graphEnv(this.env), await this.account());
  }

  private setStatus(status: SessionStatus, reason?: string) {
    this.status = status;
    this.id.events.onStatus(status, { retries: this.attempts, ...(reason ? { reason } : {}) });
  }

  /** Proves the stored credentials with one Graph call; Meta out of reach is retried with backoff. */
  async start(_opts?: StartOptions): Promise<void> {
    this.clearRetry();
    const account = await findAccount(this.env.db, this.id.connectionId);
    if (!account) return this.setStatus("DISCONNECTED", "cloud_not_configured");
    this.setStatus("OPENING");
    try {
      const numbers = await phoneNumbers(credsOf(graphEnv(this.env), account), account.wabaId);
      if (this.status !== "OPENING") return;
      const number = numbers.find((n) => n.id === account.phoneNumberId);
      if (!number) return this.setStatus("DISCONNECTED", "cloud_number_not_found");
      await this.env.db
        .update(cloudApiAccounts)
        .set({ displayPhoneNumber: number.display_phone_number ?? account.displayPhoneNumber, verifiedName: number.verified_name ?? account.verifiedName })
        .where(eq(cloudApiAccounts.connectionId, account.connectionId));
      this.attempts = 0;
      this.setStatus("CONNECTED");
      refreshTemplatesLater(this.env, this.id.connectionId);
    } catch (e) {
      if (this.status !== "OPENING") return;
      await recordError(this.env.db, this.id.connectionId);
      const fatal = fatalReason(e);
      if (fatal) return this.setStatus("DISCONNECTED", fatal);
      const delay = RETRY_MS[Math.min(this.attempts, RETRY_MS.length - 1)];
      this.attempts++;
      this.setStatus("TIMEOUT", "cloud_unreachable");
      this.retry = setTimeout(() => void this.start(), delay);
    }
  }

  private clearRetry() {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
  }

  async stop(): Promise<void> {
    this.clearRetry();
    this.setStatus("DISCONNECTED", "stopped");
  }

  async logout(): Promise<void> {
    await this.stop();
  }

  /**
   * Sends through Graph: media is uploaded first, a template carries its stored components. A refusal
   * throws CloudSendError with the failure reason; a revoked token or permission also takes the
   * connection down (its messages wait until it is fixed).
   */
  async send(msg: Outgoing): Promise<SendResult> {
    if (this.status !== "CONNECTED") throw new CloudSendError("ERR_WAPP_NOT_INITIALIZED");
    const account = await this.account();
    const creds = credsOf(graphEnv(this.env), account);
    const to = numberOf(msg.to);
    if (!to) throw new CloudSendError("ERR_CLOUD_UNDELIVERABLE");
    try {
      const extra: Parameters<typeof messageBody>[2] = {};
      if (msg.type === "media") {
        const file = Bun.file(msg.path, { type: msg.mimetype.split(";")[0] });
        extra.mediaId = await uploadMedia(creds, account.phoneNumberId, file, msg.fileName);
      }
      if (msg.type === "template") {
        const components = await templateComponents(this.env.db, this.id.connectionId, msg.template.name, msg.template.language);
        if (!components) throw new CloudSendError("ERR_NO_TEMPLATE_FOUND");
        extra.components = components;
      }
      const id = await postMessage(creds, account.phoneNumberId, messageBody(msg, to, extra));
      return { id, ack: 1 };
    } catch (e) {
      if (e instanceof CloudSendError) throw e;
      await recordError(this.env.db, this.id.connectionId);
      const fatal = fatalReason(e);
      if (fatal) this.setStatus("DISCONNECTED", fatal);
      log.warn("cloud api send refused", { connectionId: this.id.connectionId, err: String(e) });
      throw new CloudSendError(sendErrorOf(e));
    }
  }

  /** The Cloud API cannot delete a message for everyone. */
  async deleteForEveryone(): Promise<void> {
    throw new CloudSendError("ERR_DELETE_WAPP_MSG");
  }

  /** Blue ticks: marking the newest message read marks the ones before it too. */
  async markRead(targets: { id: string; to: string; fromMe: boolean }[]): Promise<void> {
    const last = targets.filter((t) => !t.fromMe).at(-1);
    if (!last || this.status !== "CONNECTED") return;
    await postRead(await this.creds(), (await this.account()).phoneNumberId, last.id).catch((e) =>
      log.warn("cloud api read receipt failed", { err: String(e) }),
    );
  }

  /** The Cloud API cannot look a number up (anyNumber). */
  async checkNumber(number: string) {
    return anyNumber(number);
  }

  async profilePicture(): Promise<string | null> {
    return null;
  }

  /** Fetches a customer's media through Graph, bounded by WhatsApp's own size limit for its kind. */
  private fetcher(phoneNumberId: string) {
    return async (mediaId: string, mimetype: string) => {
      const account = await this.account();
      if (account.phoneNumberId !== phoneNumberId) throw new Error("media of another number");
      try {
        return (await downloadMedia(credsOf(graphEnv(this.env), account), mediaId, MEDIA_MAX_BYTES[sendKindOf(mimetype)])).bytes;
      } catch (e) {
        await recordError(this.env.db, this.id.connectionId);
        throw e;
      }
    };
  }

  /** Parses a signed delivery into batches per number (the route hands each to its connection). */
  parse(payload: unknown): WebhookBatch[] {
    return parseWebhook(payload, (n) => this.fetcher(n));
  }

  /**
   * One delivery for this connection's number: the customers' windows, their messages (resolves
   * once stored or spooled; the answers follow), then the statuses. Rejects when a message could
   * not even be spooled, so Meta delivers it again.
   */
  async receive(batch: WebhookBatch): Promise<void> {
    const db = this.env.db;
    const now = nowIso();
    try {
      await db.transaction(async (tx) => {
        for (const w of batch.windows) await noteInbound(tx, this.id.connectionId, w.number, w.at);
        await tx
          .update(cloudApiAccounts)
          .set({ lastWebhookAt: now, ...(batch.acks.length ? { lastStatusAt: now } : {}) })
          .where(eq(cloudApiAccounts.connectionId, this.id.connectionId));
      });
    } catch (e) {
      // The messages still go to the pipeline (stored, or spooled); a window not noted only offers templates sooner.
      log.warn("cloud api window not recorded", { connectionId: this.id.connectionId, err: String(e) });
    }
    if (batch.messages.length) await (this.id.events.ingest ?? this.id.events.onMessages)(batch.messages);
    if (batch.acks.length) {
      const failed = batch.acks.filter((a) => a.error).length;
      if (failed) await recordError(db, this.id.connectionId, Date.now(), failed);
      await this.id.events.onAck(batch.acks);
    }
  }
}
