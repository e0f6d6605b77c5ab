import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { AuditEntryDto } from "../../contract/dto/audit";
import type { AuditEvent } from "../../contract/audit";
import type { DB, DbOrTx } from "../../core/db";
import type { Reads } from "../../core/deps";
import { cachedCount } from "../../db/paging";
import { type AuditRow, auditLog } from "./schema";

/** The filters of the /audit page, resolved to instants. */
export interface AuditFilter {
  companyId: number;
  userId?: number;
  event?: string;
  targetType?: string;
  targetId?: string;
  fromMs?: number;
  toMs?: number;
}

function whereOf(f: AuditFilter): SQL {
  const parts: SQL[] = [eq(auditLog.companyId, f.companyId)];
  if (f.userId !== undefined) parts.push(eq(auditLog.actorId, f.userId), eq(auditLog.actorType, "user"));
  if (f.event) parts.push(eq(auditLog.event, f.event));
  if (f.targetType) parts.push(eq(auditLog.targetType, f.targetType));
  if (f.targetId) parts.push(eq(auditLog.targetId, f.targetId));
  if (f.fromMs !== undefined) parts.push(gte(auditLog.at, f.fromMs));
  if (f.toMs !== undefined) parts.push(lt(auditLog.at, f.toMs));
  return and(...parts)!;
}

/** The wire shape of an entry. */
export function serializeAudit(r: AuditRow): AuditEntryDto {
  let changes: AuditEntryDto["changes"] = null;
  if (r.changes) {
    try {
      changes = JSON.parse(r.changes);
    } catch {
      changes = null;
    }
  }
  return {
    id: r.id,
    at: new Date(r.at).toISOString(),
    actorType: r.actorType as AuditEntryDto["actorType"],
    actorId: r.actorId,
    actorName: r.actorName,
    event: r.event as AuditEvent,
    targetType: r.targetType,
    targetId: r.targetId,
    targetLabel: r.targetLabel,
    address: r.address,
    changes,
  };
}

/** One page of a company's log, newest first (served by the (company, filter, at) indexes). */
export async function pageAudit(db: DB, reads: Reads, f: AuditFilter, page: number, size: number) {
  const where = whereOf(f);
  const total = await cachedCount(reads, db.select({ n: count() }).from(auditLog).where(where));
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(size)
    .offset((page - 1) * size);
  return { rows, total };
}

/**
 * The rows of an export, newest first, in batches by keyset (at, id): each batch is one short
 * query, so a long export never holds the database.
 */
export async function auditBatch(db: DB, f: AuditFilter, after: { at: number; id: number } | null, size: number): Promise<AuditRow[]> {
  const where = after ? and(whereOf(f), sql`(${auditLog.at} < ${after.at} or (${auditLog.at} = ${after.at} and ${auditLog.id} < ${after.id}))`) : whereOf(f);
  return await db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(size);
}

/** Deletes entries older than the cutoff, a batch at a time (the retention job); answers how many. */
export async function pruneAudit(db: DbOrTx, cutoffMs: number, batch = 5_000): Promise<number> {
  let removed = 0;
  for (;;) {
    const n = (
      await db.delete(auditLog).where(sql`${auditLog.id} in (select id from audit_log where at < ${cutoffMs} limit ${batch})`).returning({ id: auditLog.id })
    ).length;
    removed += n;
    if (n < batch) return removed;
  }
}
