/** Reading the audit log: the /audit page (paged, filtered) and its CSV export (streamed, bounded). */
import type { AuditPageDto } from "../../contract/dto/audit";
import { LIMITS } from "../../contract/limits";
import { can } from "../../contract/permissions";
import type { AuditQueryInput } from "../../contract/schemas/audit";
import type { Ctx } from "../../core/deps";
import { forbidden } from "../../core/errors";
import { zonedInstant } from "../../contract/zoned";
import { csvField, guardFormula } from "../../lib/csv";
import { type AuditFilter, auditBatch, pageAudit, serializeAudit } from "./queries";
import { audit } from "./service";

const DAY_MS = 24 * 3600_000;

/** Admins read their company's log (a super user's company is the platform: the platform's log). */
export function assertMayReadAudit(ctx: Ctx) {
  if (!can(ctx.user, "audit:view")) throw forbidden();
}

function filterOf(ctx: Ctx, q: AuditQueryInput): AuditFilter {
  const tz = ctx.config.timezone;
  return {
    companyId: ctx.companyId,
    userId: q.userId,
    event: q.event || undefined,
    targetType: q.targetType || undefined,
    targetId: q.targetId || undefined,
    // days are the company's days, `to` inclusive
    fromMs: q.from ? zonedInstant(q.from, "00:00:00", tz) : undefined,
    toMs: q.to ? zonedInstant(q.to, "00:00:00", tz) + DAY_MS : undefined,
  };
}

/** GET /audit: one page of the company's log, newest first. */
export async function listAudit(ctx: Ctx, q: AuditQueryInput): Promise<AuditPageDto> {
  const size = LIMITS.auditPageSize;
  const { rows, total } = await pageAudit(ctx.db, ctx.reads, filterOf(ctx, q), q.pageNumber, size);
  return { entries: rows.map(serializeAudit), count: total, hasMore: q.pageNumber * size < total };
}

const HEADER = ["at", "actor_type", "actor_id", "actor", "event", "object_type", "object_id", "object", "address", "changes"];

/**
 * GET /audit/export: the filtered log as CSV (`;`-separated, UTF-8 with BOM), streamed in batches
 * of 1,000 rows and bounded to LIMITS.auditExportMax rows. The export itself is recorded.
 */
export async function exportAudit(ctx: Ctx, q: AuditQueryInput): Promise<ReadableStream<Uint8Array>> {
  const f = filterOf(ctx, q);
  await audit(ctx, "audit.exported", { type: "audit" }, { filters: [null, JSON.stringify({ ...q, pageNumber: undefined })] });
  const enc = new TextEncoder();
  let after: { at: number; id: number } | null = null;
  let sent = 0;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(enc.encode(`\uFEFF${HEADER.join(";")}\r\n`));
        return;
      }
      const rows = sent < LIMITS.auditExportMax ? await auditBatch(ctx.db, f, after, Math.min(1000, LIMITS.auditExportMax - sent)) : [];
      if (!rows.length) return controller.close();
      sent += rows.length;
      const last = rows[rows.length - 1];
      after = { at: last.at, id: last.id };
      const lines = rows.map((r) =>
        [new Date(r.at).toISOString(), r.actorType, r.actorId ?? "", r.actorName, r.event, r.targetType, r.targetId, r.targetLabel, r.address, r.changes ?? ""]
          .map((v) => csvField(guardFormula(String(v))))
          .join(";"),
      );
      controller.enqueue(enc.encode(`${lines.join("\r\n")}\r\n`));
    },
  });
}
