import { PROFILES, type Profile } from "./limits";

/**
 * The one permission vocabulary (R-PERM-1, R-PERM-2): every role rule of the product is a named
 * permission here, with the roles that hold it. A role is a profile (`user` = an agent,
 * `supervisor`, `admin`) or `super`, the platform operator's flag. A super user holds the
 * permissions of their own profile (in practice admin, inside the platform company) plus those that
 * list `super`: the flag adds platform rights, it never stands in for a company profile.
 * The server's route table (http/route-rights.ts), the services' policy functions and the web's
 * guards, drawer and buttons all ask `can`; nothing else compares a profile or reads the flag
 * (tests/unit/permissions-vocabulary.test.ts).
 */
export type Role = Profile | "super";

const EVERY_PROFILE = PROFILES;

export const PERMISSIONS = {
  /** Any signed-in user (the right of routes open to every profile). */
  signedIn: EVERY_PROFILE,
  "dashboard:view": ["admin"],
  "drawer-admin-items:view": ["admin"],
  "tickets-manager:showall": ["admin", "supervisor"],
  "ticket-options:deleteTicket": ["admin"],
  "tickets:peek": ["admin"],
  "tickets:userFilter": ["admin"],
  /** Sees every ticket of the company (R-PERM-3): no queue limits, every list room, the queue filter over all queues. */
  "tickets:viewAll": ["admin"],
  /**
   * Acts on any ticket (R-PERM-4): someone else's open one, accepting for another user, writing to or
   * retrying in another user's ticket, opening one without a queue or in a queue not one's own.
   */
  "tickets:handleAny": ["admin"],
  "connections-page:addConnection": ["admin"],
  "connections-page:actionButtons": ["admin"],
  "connections-page:editOrDeleteConnection": ["admin"],
  /** Opening the connections page (its buttons keep the finer permissions above). */
  "connections-page:view": ["admin"],
  /** The sandbox phone shows every conversation of its connection. */
  "sandbox:use": ["admin"],
  "user-modal:editProfile": ["admin"],
  "user-modal:editQueues": ["admin"],
  "users:manage": ["admin"],
  "contacts-page:deleteContact": ["admin", "supervisor"],
  "settings:update": ["admin"],
  /** The company's weekly hours: its admins, and super users for any company. */
  "companies:schedules": ["admin", "super"],
  "queues:manage": ["admin"],
  "tags:kanban": ["admin", "supervisor"],
  "ticket-notes:delete": ["admin"],
  /** Editing any schedule of the company (others edit the ones they created). */
  "schedules:editAny": ["admin"],
  /** Editing the company's shared quick messages (everyone edits their own). */
  "quick-messages:editShared": ["admin"],
  /** Campaigns, contact lists and campaign settings (R-PERM-8: admins, like the drawer). */
  "campaigns:manage": ["admin"],
  /** Marking a contact out of campaigns, or back in (it decides whether a person gets bulk messages). */
  "contacts:optOut": ["admin"],
  /** Creating, editing and deleting file lists (R-PERM-2, R-LIB-3). */
  "files:manage": ["admin"],
  /** Queue integrations and AI prompts hold secrets and steer the bot: admins only. */
  "integrations:manage": ["admin"],
  "prompts:manage": ["admin"],
  /** The messages API page (its token and examples). */
  "messages-api:view": ["admin"],
  /** The company's audit log (the platform's for super users, whose company is the platform). */
  "audit:view": ["admin"],
  /** The finance and subscription pages, the due date in the top bar, the landing page of a lapsed company. */
  "finance:view": ["admin"],
  /** The company's notification defaults, and the alerts about its connections. */
  "notifications:companyDefaults": ["admin"],
  "notifications:connectionAlerts": ["admin"],
  /** The server's disk and database state (the storage banner). */
  "storage:view": ["admin", "super"],
  // ---- the platform (R-PERM-5): super users only
  /** Every company: list, create, edit, delete, read any with its billing fields. */
  "platform:companies": ["super"],
  "platform:plans": ["super"],
  /** Every company's invoices (confirming a payment by hand). */
  "platform:invoices": ["super"],
  /** Users of another company, and the super flag itself (ERR_NO_SUPER). */
  "platform:users": ["super"],
  /** The platform's own settings (the Pix receiver). */
  "platform:settings": ["super"],
  "helps:manage": ["super"],
  /** Managing announcements, inactive ones included. */
  "announcements:manage": ["super"],
  "jobs:run": ["super"],
  "backups:manage": ["super"],
  /** The Prometheus metrics without the scrape token. */
  "metrics:view": ["super"],
  /** Signing in and working while the company's subscription has lapsed. */
  "subscription:exempt": ["super"],
  /** Asked to set up a second factor at the first sign-in without one. */
  "security:suggestSecondFactor": ["super"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/** Who `can` asks about: a signed-in user (the session, a user row, the web's session user). */
export interface Holder {
  profile: string;
  super?: boolean | null;
}

/** True when the user holds the permission: by their profile, or by the super flag when the permission lists `super`. */
export function can(user: Holder | null | undefined, permission: Permission): boolean {
  if (!user) return false;
  const roles = PERMISSIONS[permission] as readonly string[];
  return roles.includes(user.profile) || (!!user.super && roles.includes("super"));
}

/** The profiles that hold a permission (for a query that selects its holders, e.g. who gets an alert). */
export const profilesWith = (permission: Permission): Profile[] => PROFILES.filter((p) => (PERMISSIONS[permission] as readonly string[]).includes(p));

/** Rank of a profile: a change to a lower one (or losing the super flag) is a demotion, which ends the user's sessions. */
const PROFILE_RANK: Record<string, number> = { user: 0, supervisor: 1, admin: 2 };

/** True when going from `before` to `after` takes rights away (a lower profile, or the super flag lost). */
export function isDemotion(before: Holder, after: Holder): boolean {
  return (PROFILE_RANK[after.profile] ?? 0) < (PROFILE_RANK[before.profile] ?? 0) || (!!before.super && !after.super);
}
