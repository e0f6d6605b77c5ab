import type { ChannelAdapter } from "../../core/channel";
import type { Deps } from "../../core/deps";
import { log } from "../../lib/logger";
import { connectedConnections } from "../connections";

const CACHE_MS = 24 * 60 * 60_000;

/** A live connection of the company to ask WhatsApp through (the default one first). */
export async function liveAdapter(deps: Deps, companyId: number): Promise<ChannelAdapter | undefined> {
  for (const w of await connectedConnections(deps.db, companyId)) {
    // Several nodes: the session may run on another node, which answers the check.
    const a = await deps.sessions.reach(w.id);
    if (a && (a.status === undefined || a.status === "CONNECTED")) return a;
  }
  return undefined;
}

/**
 * Whether a number is on WhatsApp and its canonical digits (R-CMP-16), cached for a day
 * per company (`deps.caches.numberChecks`); null when the company has no live connection or the check failed (left unchecked).
 */
export async function checkNumberOn(deps: Deps, companyId: number, number: string): Promise<{ exists: boolean; number: string } | null> {
  const key = `${companyId}:${number}`;
  const hit = deps.caches.numberChecks.get(key);
  if (hit && deps.clock.now() - hit.at < CACHE_MS) return hit;
  const adapter = await liveAdapter(deps, companyId);
  if (!adapter) return null;
  try {
    const r = await adapter.checkNumber(number);
    const out = { exists: !!r?.exists, number: r?.exists && r.number ? r.number : number, at: deps.clock.now() };
    deps.caches.numberChecks.set(key, out);
    return out;
  } catch (e) {
    log.warn("number check failed", { companyId, err: String(e) });
    return null;
  }
}
