import { can } from "../../contract/permissions";
import type { SessionUser } from "../../http/context";

/** Only admins and supervisors turn a tag into a kanban lane (core.md §6, features.md §6). */
export const canSetKanban = (u: SessionUser) => can(u, "tags:kanban");
