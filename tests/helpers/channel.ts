import type { AckEvent, ChannelAdapter, InboundMessage, Outgoing, SendResult } from "../../src/core/channel";
import { nowIso } from "../../src/lib/dates";
import { whatsapps } from "../../src/modules/connections/schema";
import type { TestApp } from "./app";

/** A channel adapter that records what the app sends; `failNext` makes the next send throw. */
export class FakeChannel implements ChannelAdapter {
  readonly kind = "fake";
  sent: Outgoing[] = [];
  deleted: { id: string; to: string }[] = [];
  read: { id: string; to: string }[] = [];
  failNext = false;
  async start() {}
  async stop() {}
  async logout() {}
  async send(msg: Outgoing): Promise<SendResult> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error("network down");
    }
    this.sent.push(msg);
    return { id: msg.id ?? crypto.randomUUID(), ack: 1 };
  }
  async deleteForEveryone(t: { id: string; to: string }) {
    this.deleted.push(t);
  }
  async markRead(list: { id: string; to: string }[]) {
    this.read.push(...list);
  }
  presence: { to: string; state: string }[] = [];
  async sendPresence(to: string, state: "composing" | "paused") {
    this.presence.push({ to, state });
  }
  async checkNumber(number: string) {
    return { exists: true, number, address: `${number}@s.whatsapp.net` };
  }
  async profilePicture() {
    return null;
  }
  acks: AckEvent[] = [];
}

/** Inserts a connection row for a company and registers a fake adapter for it. */
export async function makeConnection(t: TestApp, companyId: number, fields: Partial<typeof whatsapps.$inferInsert> = {}) {
  const now = nowIso();
  const row = (
    await t.db
      .insert(whatsapps)
      .values({ companyId, name: `Conn ${crypto.randomUUID().slice(0, 6)}`, status: "CONNECTED", isDefault: true, createdAt: now, updatedAt: now, ...fields })
      .returning()
  )[0];
  const fake = new FakeChannel();
  // A kind of its own whose factory answers this fake: the registry then serves it like a live adapter.
  const kind = `fake-${row.id}`;
  t.deps.sessions.register(kind, () => fake);
  void t.deps.sessions.registry.start(row.id, companyId, kind);
  return { connection: row, fake };
}

let seq = 0;
/** An inbound text message from a customer number. */
export function inbound(number: string, body: string, extra: Partial<InboundMessage> = {}): InboundMessage {
  return {
    id: `WAIN${Date.now()}${++seq}`,
    fromMe: false,
    chat: { number, address: `${number}@s.whatsapp.net`, pushName: `Cliente ${number.slice(-4)}` },
    isGroup: false,
    kind: "text",
    body,
    timestamp: Date.now(),
    origin: "notify",
    ...extra,
  };
}
