import { can } from "../../contract/permissions";
import type { SessionUser } from "../../core/user";

/** Creating, editing and deleting queues and their options: admins (`queues:manage`). */
export const canManageQueues = (u: SessionUser) => can(u, "queues:manage");
