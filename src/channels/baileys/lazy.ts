/**
 * The "baileys" channel without loading Baileys until a WhatsApp connection starts: Baileys and
 * its protobufs cost about 300 ms and 50 MB at boot, which an install with no WhatsApp connection
 * (or before its first one) never needs. This file imports nothing from Baileys.
 */
import { and, eq } from "drizzle-orm";
import type { ChannelAdapter, ChannelFactory, ChannelKind, Outgoing, StartOptions } from "../../core/channel";
import type { DB } from "../../core/db";
import type { BaileysChannelConfig } from "./index";
import { waAuth } from "./schema";
import { fencedTransaction } from "../../db/leases-pg";
import { pgClientOf } from "../../db/pg-client";

/**
 * WhatsApp (Baileys) as a kind of channel: a connection resumes only from stored, linked credentials
 * (never into QR mode by itself); logging out deletes its credentials and keys. `enabled` false
 * (tests without WA_WS_URL) leaves the kind without adapters: such connections cannot start. With `config.fences`
 * (several nodes) a session runs on one node at a time, under a lease (`leased`), and the removal of the
 * credentials of a session this node runs carries its fencing token.
 */
export function baileysKind(db: DB, config: BaileysChannelConfig, enabled: boolean): ChannelKind {
  const fences = config.fences;
  return {
    factory: enabled ? lazyBaileysFactory(db, config) : undefined,
    resumes: (c) => hasPairedCreds(db, c.id),
    leased: true,
    removeAuth: async (connectionId) => {
      const token = fences?.tokenOf(connectionId) ?? null;
      if (db.engine === "pg" && typeof token === "number")
        return await fencedTransaction(pgClientOf(db), connectionId, token, (tx) => tx`DELETE FROM wa_auth WHERE connection_id = ${connectionId}`);
      return await db.delete(waAuth).where(eq(waAuth.connectionId, connectionId));
    },
  };
}

/** True when the connection holds the creds of a linked device (read without Baileys' decoders; either engine). */
export async function hasPairedCreds(db: DB, connectionId: number): Promise<boolean> {
  const [row] = await db
    .select({ value: waAuth.value })
    .from(waAuth)
    .where(and(eq(waAuth.connectionId, connectionId), eq(waAuth.kind, "creds"), eq(waAuth.keyId, "")));
  if (!row) return false;
  try {
    const c = JSON.parse(row.value) as { me?: { id?: string }; account?: unknown };
    return !!c.me?.id && !!c.account;
  } catch {
    return false;
  }
}

/** The Baileys factory, loaded on the first connection start; its auth store follows the database's engine. */
export function lazyBaileysFactory(db: DB, config: BaileysChannelConfig): ChannelFactory {
  let factory: Promise<ChannelFactory> | null = null;
  const load = () => {
    factory ??= import("./index").then((m) => m.createBaileysFactory(db, config));
    return factory;
  };
  return (opts) => new LazyAdapter(load().then((f) => f(opts)));
}

/** Forwards every call to the adapter once Baileys is loaded. */
class LazyAdapter implements ChannelAdapter {
  readonly kind = "baileys";
  private real: ChannelAdapter | null = null;

  constructor(private readonly loading: Promise<ChannelAdapter>) {
    // a failed load surfaces through the calls (start reports it); this branch only records success
    loading.then(
      (a) => {
        this.real = a;
      },
      () => {},
    );
  }

  get status() {
    return this.real ? this.real.status : "OPENING";
  }

  async start(opts?: StartOptions) {
    return (await this.loading).start(opts);
  }
  async stop() {
    return (await this.loading).stop();
  }
  async logout() {
    return (await this.loading).logout();
  }
  async send(msg: Outgoing) {
    return (await this.loading).send(msg);
  }
  async deleteForEveryone(target: { id: string; to: string; fromMe: boolean }) {
    return (await this.loading).deleteForEveryone(target);
  }
  async markRead(target: { id: string; to: string; fromMe: boolean }[]) {
    return (await this.loading).markRead(target);
  }
  async sendPresence(to: string, state: "composing" | "paused") {
    return (await this.loading).sendPresence?.(to, state);
  }
  async checkNumber(number: string) {
    return (await this.loading).checkNumber(number);
  }
  async profilePicture(address: string) {
    return (await this.loading).profilePicture(address);
  }
  async requestPairingCode(number: string) {
    const real = await this.loading;
    if (!real.requestPairingCode) throw new Error("pairing codes are not supported");
    return real.requestPairingCode(number);
  }
}
