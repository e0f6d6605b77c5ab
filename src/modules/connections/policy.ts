import { can } from "../../contract/permissions";
import type { SessionUser } from "../../core/user";

/** Creating connections: admins (`connections-page:addConnection`). */
export const canAddConnection = (u: SessionUser) => can(u, "connections-page:addConnection");

/** Editing and deleting connections: admins (`connections-page:editOrDeleteConnection`). */
export const canEditConnection = (u: SessionUser) => can(u, "connections-page:editOrDeleteConnection");

/** Starting, refreshing (new QR) and ending sessions: admins (`connections-page:actionButtons`). */
export const canControlSession = (u: SessionUser) => can(u, "connections-page:actionButtons");

/** Seeing the full API token (the edit form): the same admins who may edit it. */
export const canSeeToken = canEditConnection;
/** Which node runs a session (several nodes): admins, who operate connections; agents have no use for it. */
export const canSeeNode = canEditConnection;
