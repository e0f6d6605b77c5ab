import type { Deps } from "../../core/deps";
import { log } from "../../lib/logger";
import { pruneAudit } from "./queries";

const DAY_MS = 24 * 3600_000;

/** `audit.prune`: removes entries older than AUDIT_RETENTION_DAYS (the only way an entry leaves the log). */
export async function pruneAuditLog(deps: Pick<Deps, "db" | "config" | "clock">): Promise<number> {
  const cutoff = deps.clock.now() - deps.config.auditRetentionDays * DAY_MS;
  const removed = await pruneAudit(deps.db, cutoff);
  if (removed) log.info("audit entries pruned", { removed, retentionDays: deps.config.auditRetentionDays });
  return removed;
}
