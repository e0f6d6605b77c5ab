/**
 * Who may call each private route, decided before anything is validated (issue 22): a caller
 * without the right gets 403 whatever the body, never the route's field errors (which would teach
 * them its schema). The services keep their own checks (resource rules: visibility, ownership,
 * another company's ids); this table is the first gate. Paths are Elysia route patterns; every
 * private route has an entry (tests/api/route-table.test.ts), public ones are in public-routes.ts.
 */
import type { ErrorCode } from "../contract/errors";
import type { PlanFlag } from "../contract/limits";
import { can, type Holder, type Permission } from "../contract/permissions";

/**
 * `who`: the named permission the caller must hold (contract/permissions.ts: `signedIn` for any
 * signed-in user). `feature`: the company must have it (plan or the super user's grant).
 */
export interface Right {
  who: Permission;
  feature?: PlanFlag;
  /** The code a refusal answers (the one the route answered before this table existed). */
  code?: ErrorCode;
}

const USER: Right = { who: "signedIn" };
const feature = (flag: PlanFlag, who: Permission = "signedIn"): Right => ({ who, feature: flag });
const CAMPAIGNS = feature("useCampaigns", "campaigns:manage");

/** Route → right. Grouped by area, in the order of the modules. */
export const ROUTE_RIGHTS: Record<string, Right> = {
  "GET /auth/me": USER,
  // one's own account security (second factors, sessions); an admin's view of a user's
  "GET /auth/security": USER,
  "POST /auth/totp/setup": USER,
  "POST /auth/totp/confirm": USER,
  "POST /auth/totp/disable": USER,
  "POST /auth/recovery-codes": USER,
  "POST /auth/passkeys/options": USER,
  "POST /auth/passkeys": USER,
  "DELETE /auth/passkeys/:id": USER,
  "GET /auth/sessions": USER,
  "POST /auth/sessions/end-others": USER,
  "DELETE /auth/sessions/:sid": USER,
  "GET /users/:id/sessions": { who: "users:manage" },
  "DELETE /users/:id/sessions": { who: "users:manage" },
  "DELETE /users/:id/sessions/:sid": { who: "users:manage" },
  "POST /users/:id/second-factor/reset": { who: "users:manage" },
  // the audit log: the company's admins (the platform's for super users)
  "GET /audit": { who: "audit:view" },
  "GET /audit/export": { who: "audit:view" },
  // users: anyone lists colleagues and edits themself (the service limits fields); managing is for admins
  "GET /users": USER,
  "GET /users/list": USER,
  "GET /users/:id": USER,
  "POST /users": { who: "users:manage" },
  "PUT /users/:id": USER,
  "DELETE /users/:id": { who: "users:manage" },
  // companies: the own company for everyone (the service checks the id); the CRUD for super users
  "GET /companies": { who: "platform:companies" },
  "GET /companies/list": { who: "platform:companies" },
  "POST /companies": { who: "platform:companies" },
  "PUT /companies/:id": { who: "platform:companies" },
  "DELETE /companies/:id": { who: "platform:companies" },
  "GET /companies/listPlan/:companyId": USER,
  "GET /companies/:id": USER,
  "PUT /companies/:id/schedules": { who: "companies:schedules" },
  "GET /plans/all": { who: "platform:plans" },
  "GET /plans/:id": { who: "platform:plans" },
  "POST /plans": { who: "platform:plans" },
  "PUT /plans/:id": { who: "platform:plans" },
  "DELETE /plans/:id": { who: "platform:plans" },
  "GET /invoices/all": USER,
  "PUT /invoices/:id": { who: "platform:invoices" },
  "POST /subscription": USER,
  "GET /helps": USER,
  "GET /helps/list": USER,
  "GET /helps/:id": USER,
  "POST /helps": { who: "helps:manage" },
  "PUT /helps/:id": { who: "helps:manage" },
  "DELETE /helps/:id": { who: "helps:manage" },
  "GET /dashboard": { who: "dashboard:view" },
  "GET /settings": USER,
  "PUT /settings/:key": { who: "settings:update" },
  "GET /contacts": USER,
  "GET /contacts/list": USER,
  "GET /contacts/export": USER,
  "POST /contacts/import": USER,
  "GET /contacts/:id": USER,
  "POST /contacts": USER,
  "PUT /contacts/:id": USER,
  "DELETE /contacts/:id": { who: "contacts-page:deleteContact" },
  "PUT /contacts/:id/opt-out": { who: "contacts:optOut" },
  "GET /queue": USER,
  "GET /queue/:id": USER,
  "POST /queue": { who: "queues:manage" },
  "PUT /queue/:id": { who: "queues:manage" },
  "DELETE /queue/:id": { who: "queues:manage" },
  "POST /queue/:id/media-upload": { who: "queues:manage" },
  "DELETE /queue/:id/media-upload": { who: "queues:manage" },
  "GET /queue-options": USER,
  "POST /queue-options": { who: "queues:manage" },
  "PUT /queue-options/:id": { who: "queues:manage" },
  "DELETE /queue-options/:id": { who: "queues:manage" },
  "POST /queue-options/:id/media-upload": { who: "queues:manage" },
  "DELETE /queue-options/:id/media-upload": { who: "queues:manage" },
  // tags and quick messages: everyone (the services keep the kanban flag and personal replies to their owners)
  "GET /tags": USER,
  "GET /tags/list": USER,
  "GET /tags/kanban": USER,
  "GET /tags/:id": USER,
  "POST /tags": USER,
  "PUT /tags/:id": USER,
  "DELETE /tags/:id": USER,
  "GET /quick-messages": USER,
  "GET /quick-messages/list": USER,
  "GET /quick-messages/:id": USER,
  "POST /quick-messages": USER,
  "PUT /quick-messages/:id": USER,
  "DELETE /quick-messages/:id": USER,
  "POST /quick-messages/:id/media-upload": USER,
  "DELETE /quick-messages/:id/media-upload": USER,
  "GET /files": USER,
  "GET /files/:id": USER,
  "POST /files": { who: "files:manage" },
  "PUT /files/:id": { who: "files:manage" },
  "DELETE /files/:id": { who: "files:manage" },
  "POST /files/uploadList/:id": { who: "files:manage" },
  "GET /schedules": feature("useSchedules"),
  "GET /schedules/calendar": feature("useSchedules"),
  "GET /schedules/:id": feature("useSchedules"),
  "POST /schedules": feature("useSchedules"),
  "PUT /schedules/:id": feature("useSchedules"),
  "DELETE /schedules/:id": feature("useSchedules"),
  "POST /schedules/:id/media-upload": feature("useSchedules"),
  "DELETE /schedules/:id/media-upload": feature("useSchedules"),
  "GET /chats": feature("useInternalChat"),
  "GET /chats/:id": feature("useInternalChat"),
  "POST /chats": feature("useInternalChat"),
  "PUT /chats/:id": feature("useInternalChat"),
  "DELETE /chats/:id": feature("useInternalChat"),
  "GET /chats/:id/messages": feature("useInternalChat"),
  "POST /chats/:id/messages": feature("useInternalChat"),
  "POST /chats/:id/read": feature("useInternalChat"),
  "GET /announcements": USER,
  "GET /announcements/:id": USER,
  "POST /announcements": { who: "announcements:manage" },
  "PUT /announcements/:id": { who: "announcements:manage" },
  "DELETE /announcements/:id": { who: "announcements:manage" },
  "POST /announcements/:id/media-upload": { who: "announcements:manage" },
  "DELETE /announcements/:id/media-upload": { who: "announcements:manage" },
  "GET /media/:companyId/*": USER,
  // tickets and messages: everyone; the visibility policy decides per ticket
  "GET /tickets": USER,
  "GET /ticket/kanban": feature("useKanban"),
  "GET /tickets/u/:uuid": USER,
  "POST /tickets/changes": USER,
  "GET /tickets/:id": USER,
  "POST /tickets": USER,
  "PUT /tickets/:id": USER,
  "DELETE /tickets/:id": { who: "ticket-options:deleteTicket" },
  "POST /tags/sync": USER,
  "PUT /ticket-tags/:ticketId/kanban": feature("useKanban"),
  "PUT /ticket-tags/:ticketId/:tagId": feature("useKanban"),
  "DELETE /ticket-tags/:ticketId": feature("useKanban"),
  "GET /messages/:ticketId": USER,
  "POST /messages/:ticketId": USER,
  "POST /messages/:ticketId/read": USER,
  "POST /messages/retry/:id": USER,
  "POST /messages/:ticketId/template": USER,
  "POST /messages/reaction/:id": USER,
  "DELETE /messages/:id": USER,
  "GET /ticket-notes/list": USER,
  "POST /ticket-notes": USER,
  "DELETE /ticket-notes/:id": { who: "ticket-notes:delete" },
  "GET /whatsapp": USER,
  "GET /whatsapp/:id": USER,
  "POST /whatsapp": { who: "connections-page:addConnection" },
  "PUT /whatsapp/:id": { who: "connections-page:editOrDeleteConnection" },
  "DELETE /whatsapp/:id": { who: "connections-page:editOrDeleteConnection" },
  "POST /whatsappsession/:id": { who: "connections-page:actionButtons" },
  "PUT /whatsappsession/:id": { who: "connections-page:actionButtons" },
  "DELETE /whatsappsession/:id": { who: "connections-page:actionButtons" },
  // Cloud API templates: everyone picks one (chat, campaigns, schedules); fetching them again is for admins
  "GET /whatsapp/:id/templates": USER,
  "POST /whatsapp/:id/templates/refresh": { who: "connections-page:editOrDeleteConnection" },
  // the sandbox phone shows every conversation of its connection: admins only
  "GET /sandbox/:connectionId/customers": { who: "sandbox:use" },
  "GET /sandbox/:connectionId/conversation": { who: "sandbox:use" },
  "POST /sandbox/:connectionId/messages": { who: "sandbox:use" },
  "GET /contact-lists": CAMPAIGNS,
  "GET /contact-lists/list": CAMPAIGNS,
  "GET /contact-lists/:id": CAMPAIGNS,
  "POST /contact-lists": CAMPAIGNS,
  "PUT /contact-lists/:id": CAMPAIGNS,
  "DELETE /contact-lists/:id": CAMPAIGNS,
  "POST /contact-lists/:id/upload": CAMPAIGNS,
  "GET /contact-list-items": CAMPAIGNS,
  "GET /contact-list-items/:id": CAMPAIGNS,
  "POST /contact-list-items": CAMPAIGNS,
  "PUT /contact-list-items/:id": CAMPAIGNS,
  "DELETE /contact-list-items/:id": CAMPAIGNS,
  "GET /campaign-settings": CAMPAIGNS,
  "POST /campaign-settings": CAMPAIGNS,
  "GET /campaigns": CAMPAIGNS,
  "GET /campaigns/:id": CAMPAIGNS,
  "GET /campaigns/:id/shipping": CAMPAIGNS,
  "POST /campaigns": CAMPAIGNS,
  "PUT /campaigns/:id": CAMPAIGNS,
  "DELETE /campaigns/:id": CAMPAIGNS,
  "POST /campaigns/:id/media-upload": CAMPAIGNS,
  "DELETE /campaigns/:id/media-upload": CAMPAIGNS,
  "POST /campaigns/:id/start": CAMPAIGNS,
  "POST /campaigns/:id/cancel": CAMPAIGNS,
  "POST /campaigns/:id/restart": CAMPAIGNS,
  "POST /campaigns/:id/resume": CAMPAIGNS,
  "GET /queueIntegration": feature("useIntegrations", "integrations:manage"),
  "POST /queueIntegration/testSession": feature("useIntegrations", "integrations:manage"),
  "GET /queueIntegration/:id": feature("useIntegrations", "integrations:manage"),
  "POST /queueIntegration": feature("useIntegrations", "integrations:manage"),
  "PUT /queueIntegration/:id": feature("useIntegrations", "integrations:manage"),
  "DELETE /queueIntegration/:id": feature("useIntegrations", "integrations:manage"),
  "GET /prompt": feature("useOpenAi", "prompts:manage"),
  "GET /prompt/:id": feature("useOpenAi", "prompts:manage"),
  "POST /prompt": feature("useOpenAi", "prompts:manage"),
  "PUT /prompt/:id": feature("useOpenAi", "prompts:manage"),
  "DELETE /prompt/:id": feature("useOpenAi", "prompts:manage"),
  // the to-do list: every user's own (the service filters by the caller's id)
  "GET /todos": USER,
  "POST /todos": USER,
  "POST /todos/import": USER,
  "PUT /todos/:id": USER,
  "DELETE /todos/:id": USER,
  "GET /jobs": { who: "jobs:run", code: "ERR_NO_SUPER" },
  "POST /jobs/:name/run": { who: "jobs:run", code: "ERR_NO_SUPER" },
  "GET /backups": { who: "backups:manage", code: "ERR_NO_SUPER" },
  "POST /backups": { who: "backups:manage", code: "ERR_NO_SUPER" },
  "PUT /backups/schedule": { who: "backups:manage", code: "ERR_NO_SUPER" },
  "DELETE /backups/restore": { who: "backups:manage", code: "ERR_NO_SUPER" },
  "DELETE /backups/:name": { who: "backups:manage", code: "ERR_NO_SUPER" },
  "POST /backups/:name/link": { who: "backups:manage", code: "ERR_NO_SUPER" },
  "POST /backups/:name/restore": { who: "backups:manage", code: "ERR_NO_SUPER" },
  "GET /storage": { who: "storage:view" },
  // notifications: each user their own devices and choices; the company's defaults for admins
  "GET /notifications/devices": USER,
  "POST /notifications/devices": USER,
  "DELETE /notifications/devices/:id": USER,
  "GET /notifications/preferences": USER,
  "PUT /notifications/preferences": USER,
  "DELETE /notifications/preferences": USER,
  "PUT /notifications/defaults": { who: "notifications:companyDefaults" },
};

/** The route's right (undefined for a route not in the table: then only its service decides). */
export const rightOf = (method: string, route: string): Right | undefined => ROUTE_RIGHTS[`${method} ${route}`];

/**
 * Whether a caller holds a right: its permission (`can`, the same answer the service and the web
 * get) and the company's feature (`hasFeature` is asked only when the route needs one). Answers the
 * refusal, or null.
 */
export function refusal(user: Holder, right: Right, hasFeature: (flag: PlanFlag) => boolean): { code: ErrorCode; feature?: PlanFlag } | null {
  if (!can(user, right.who)) return { code: right.code ?? "ERR_NO_PERMISSION" };
  if (right.feature && !hasFeature(right.feature)) return { code: "ERR_NO_PERMISSION", feature: right.feature };
  return null;
}
