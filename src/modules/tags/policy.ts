import { can } from "../../contract/permissions";
import type { SessionUser } from "../../core/user";

/** Only admins and supervisors turn a tag into a kanban lane (R-TAG-1). */
export const canSetKanban = (u: SessionUser) => can(u, "tags:kanban");
