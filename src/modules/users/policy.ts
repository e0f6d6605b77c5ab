import { can } from "../../contract/permissions";
import type { SessionUser } from "../../core/deps";

/** Admins manage every user of their company. */
export const canManageUsers = (u: SessionUser) => can(u, "users:manage");

/** Anyone may read and edit their own basic fields; admins any user of the company. */
export const canEditUser = (u: SessionUser, targetId: number) => u.id === targetId || canManageUsers(u);

/** Profile, queues and default connection are changed by admins only. */
export const canEditAccessFields = (u: SessionUser) => can(u, "user-modal:editProfile");
