import { can } from "../../contract/permissions";
import type { SessionUser } from "../../core/user";

/** Deleting contacts is limited by `contacts-page:deleteContact` (admin, supervisor). */
export const canDeleteContact = (u: SessionUser) => can(u, "contacts-page:deleteContact");

/** Only admins mark a contact out of campaigns or back in. */
export const canChangeOptOut = (u: SessionUser) => can(u, "contacts:optOut");
