import type { Profile } from "./limits";

/**
 * The rule table of core.md §6: which profiles hold each permission.
 * The server enforces it (policy.ts files); the web uses it to show or hide controls.
 */
export const PERMISSIONS = {
  "dashboard:view": ["admin"],
  "drawer-admin-items:view": ["admin"],
  "tickets-manager:showall": ["admin", "supervisor"],
  "ticket-options:deleteTicket": ["admin"],
  "tickets:peek": ["admin"],
  "tickets:userFilter": ["admin"],
  "connections-page:addConnection": ["admin"],
  "connections-page:actionButtons": ["admin"],
  "connections-page:editOrDeleteConnection": ["admin"],
  "user-modal:editProfile": ["admin"],
  "user-modal:editQueues": ["admin"],
  "users:manage": ["admin"],
  "contacts-page:deleteContact": ["admin", "supervisor"],
  "settings:update": ["admin"],
  "queues:manage": ["admin"],
  "tags:kanban": ["admin", "supervisor"],
  "ticket-notes:delete": ["admin"],
  /** Campaigns, contact lists and campaign settings (features.md §6 leaves it open: admins, like the drawer). */
  "campaigns:manage": ["admin"],
  /** Marking a contact out of campaigns, or back in (it decides whether a person gets bulk messages). */
  "contacts:optOut": ["admin"],
  /** Creating, editing and deleting file lists (BEHAVIOUR.md §1.8: PUT /files is admin-only). */
  "files:manage": ["admin"],
  /** Queue integrations and AI prompts hold secrets and steer the bot: admins only. */
  "integrations:manage": ["admin"],
  "prompts:manage": ["admin"],
  /** The company's audit log (the platform's for super users, whose company is the platform). */
  "audit:view": ["admin"],
} as const satisfies Record<string, readonly Profile[]>;

export type Permission = keyof typeof PERMISSIONS;

/** True when a user with this profile holds the permission. */
export function can(user: { profile: string } | null | undefined, permission: Permission): boolean {
  if (!user) return false;
  return (PERMISSIONS[permission] as readonly string[]).includes(user.profile);
}
