import { fetchLatestWaWebVersion, type WAVersion } from "baileys";

const TTL_MS = 6 * 60 * 60_000;
let cached: { version: WAVersion; at: number } | null = null;
let inflight: Promise<WAVersion | undefined> | null = null;

/**
 * The WhatsApp Web version to announce: the live one from web.whatsapp.com when reachable (cached for
 * a few hours), else undefined so Baileys uses its own default. Never pinned by hand.
 */
export async function resolveWaVersion(allowFetch: boolean, force = false): Promise<WAVersion | undefined> {
  if (!allowFetch) return undefined;
  if (cached && !force && Date.now() - cached.at < TTL_MS) return cached.version;
  inflight ??= fetchLatestWaWebVersion({ signal: AbortSignal.timeout(5_000) })
    .then((r) => {
      if (r.isLatest) cached = { version: r.version, at: Date.now() };
      return cached?.version;
    })
    .catch(() => cached?.version)
    .finally(() => {
      inflight = null;
    });
  return inflight;
}
