import { can } from "../../contract/permissions";
import type { SessionUser } from "../../core/user";
import type { QuickMessageRow } from "./schema";

/** Geral messages are readable by the whole company; personal ones only by their author. */
export const canReadQuickMessage = (u: SessionUser, q: QuickMessageRow) => q.geral || q.userId === u.id;

/** Authors edit their own; a geral message by someone else only an admin. */
export const canEditQuickMessage = (u: SessionUser, q: QuickMessageRow) => q.userId === u.id || (q.geral && can(u, "quick-messages:editShared"));
