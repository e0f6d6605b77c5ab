import type { AuditEntryDto, AuditPageDto } from "@contract/dto/audit";
import { api, apiBlob } from "./client";

export type { AuditEntryDto, AuditPageDto };

/** The /audit page's filters. */
export interface AuditFilters {
  userId?: number | "";
  event?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
}

/** GET /audit: one page of the company's log. */
export const listAudit = (filters: AuditFilters, pageNumber: number) => api<AuditPageDto>("/audit", { query: { ...filters, pageNumber } });

/** GET /audit/export as a file download (the bearer token never travels in a URL). */
export function exportAudit(filters: AuditFilters): Promise<Blob> {
  const q = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== undefined && v !== "") as [string, string][]);
  return apiBlob(`/audit/export?${q}`);
}
