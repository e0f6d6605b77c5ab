import { can } from "../../contract/permissions";
import type { SessionUser } from "../../core/user";

/** Admins manage every user of their company. */
export const canManageUsers = (u: SessionUser) => can(u, "users:manage");

/** Anyone may read and edit their own basic fields; admins any user of the company. */
export const canEditUser = (u: SessionUser, targetId: number) => u.id === targetId || canManageUsers(u);

/** Profile, queues and default connection are changed by admins only. */
export const canEditAccessFields = (u: SessionUser) => can(u, "user-modal:editProfile");

/** A super user's account (sessions, second factor) is acted on by super users only. */
export const canActOnAccount = (u: SessionUser, target: { profile: string; super: boolean }) => !can(target, "platform:users") || can(u, "platform:users");
