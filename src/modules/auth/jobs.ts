import { and, inArray, isNull } from "drizzle-orm";
import { CLOSE } from "../../contract/frames";
import type { Deps } from "../../core/deps";
import { loadTokenVersions } from "../users";
import { authSessions } from "./schema";

/**
 * Closes the sockets of sessions ended outside this process (`cli reset-password` writes the
 * database directly) and of deleted users: a socket whose user's token version moved on while the
 * user has no live session family is closed with 4401. (A newer sign-in leaves a live family: the
 * older browser is told by the `auth` frame instead, and another tab of the same browser keeps going.)
 */
export async function sweepEndedSockets(deps: Pick<Deps, "db" | "hub">) {
  const open = deps.hub.openSessions();
  if (!open.length) return 0;
  const ids = [...new Set(open.map((s) => s.userId))];
  const current = await loadTokenVersions(deps.db, ids);
  const stale = new Set(open.filter((s) => current.get(s.userId) !== s.tokenVersion).map((s) => s.userId));
  if (!stale.size) return 0;
  const live = new Set(
    (
      await deps.db
        .select({ userId: authSessions.userId })
        .from(authSessions)
        .where(and(inArray(authSessions.userId, [...stale]), isNull(authSessions.endedAt)))
    ).map((r) => r.userId),
  );
  let closed = 0;
  for (const userId of stale) {
    if (current.has(userId) && live.has(userId)) continue;
    deps.hub.closeUser(userId, "session ended", CLOSE.sessionEnded);
    closed++;
  }
  return closed;
}
