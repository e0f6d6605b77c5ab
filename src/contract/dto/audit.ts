import type { AuditActorType, AuditEvent } from "../audit";
import type { Page } from "./common";

/** One audit entry as the /audit page reads it. */
export interface AuditEntryDto {
  id: number;
  /** ISO instant. */
  at: string;
  actorType: AuditActorType;
  actorId: number | null;
  actorName: string;
  event: AuditEvent;
  targetType: string;
  targetId: string;
  targetLabel: string;
  address: string;
  /** Field → [before, after]; secrets as "•••". */
  changes: Record<string, [unknown, unknown]> | null;
}

/** GET /audit. */
export type AuditPageDto = Page<"entries", AuditEntryDto>;
