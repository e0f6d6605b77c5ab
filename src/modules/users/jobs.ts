import type { Deps } from "../../core/deps";
import { publishPresence, sweepOfflineUsers as sweepOffline } from "./presence";

/**
 * users.offline-sweep (R-AUTH-9): online users silent for 5 minutes go offline. A live
 * browser pings every LIMITS.userStatusPingMs (2 min), so one late ping never reads as offline.
 */
export async function sweepOfflineUsers(deps: Deps, now = deps.clock.now()) {
  for (const u of await sweepOffline(deps.db, new Date(now - 5 * 60_000).toISOString())) publishPresence(deps, u, false);
}
