import type { BaileysEventMap, GroupMetadata, WASocket } from "baileys";
import type { ILogger } from "baileys/lib/Utils/logger";
import { TtlCache } from "./cache";

/** Group metadata per connection: subjects for inbound messages and Baileys' cachedGroupMetadata. */
export class GroupCache {
  readonly cache = new TtlCache(60 * 60_000, 2_000);

  /** The subject from the cache or one metadata query; null on error (never blocks ingest). */
  async subject(jid: string, sock: WASocket, log: ILogger): Promise<string | null> {
    const cached = this.cache.get<GroupMetadata>(jid);
    if (cached) return cached.subject ?? null;
    try {
      const meta = await withTimeout(sock.groupMetadata(jid), 5_000, "group metadata timeout");
      this.cache.set(jid, meta);
      return meta.subject ?? null;
    } catch (e) {
      log.warn({ err: String(e) }, "group metadata unavailable");
      return null;
    }
  }

  /** Drops entries that changed (subject, participants). */
  invalidate(ev: Partial<BaileysEventMap>) {
    for (const g of ev["groups.update"] ?? []) if (g.id) this.cache.del(g.id);
    const p = ev["group-participants.update"];
    if (p) this.cache.del(p.id);
  }
}

function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: Timer | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}
