/**
 * The catalogue of audit events: every name `audit()` may record. An event is `<object>.<what>`;
 * the SPA shows each through its i18n key `audit.events.<name>`. Every action that changes data
 * or reads it in bulk records one entry (inbound customer messages are not actions: they are not
 * recorded one by one).
 */
export const AUDIT_EVENTS = [
  // sign-in and account security
  "auth.signin",
  "auth.signin.failed",
  "auth.signout",
  "auth.password.changed",
  "auth.totp.enabled",
  "auth.totp.disabled",
  "auth.recovery.regenerated",
  "auth.recovery.used",
  "auth.passkey.added",
  "auth.passkey.removed",
  "auth.second-factor.reset",
  "auth.session.ended",
  "auth.sessions.ended",
  // people and permissions
  "user.created",
  "user.updated",
  "user.deleted",
  // the company and the platform
  "setting.updated",
  "company.signup",
  "company.created",
  "company.updated",
  "company.deleted",
  "plan.created",
  "plan.updated",
  "plan.deleted",
  "invoice.paid",
  // connections
  "connection.created",
  "connection.updated",
  "connection.deleted",
  "connection.started",
  "connection.restarted",
  "connection.disconnected",
  // contacts and conversations
  "contact.created",
  "contact.updated",
  "contact.deleted",
  /** Out of campaigns: the customer's opt-out word (actor: system) or an admin; back in: an admin. */
  "contact.opted-out",
  "contact.opted-in",
  "contacts.imported",
  "contacts.exported",
  "ticket.transferred",
  "ticket.deleted",
  "message.deleted",
  "message.sent-by-api",
  // configuration areas
  "queue.created",
  "queue.updated",
  "queue.deleted",
  "tag.created",
  "tag.updated",
  "tag.deleted",
  "quick-message.created",
  "quick-message.updated",
  "quick-message.deleted",
  "integration.created",
  "integration.updated",
  "integration.deleted",
  "prompt.created",
  "prompt.updated",
  "prompt.deleted",
  "campaign.created",
  "campaign.updated",
  "campaign.deleted",
  "campaign.started",
  "contact-list.imported",
  // operations
  "backup.created",
  "backup.downloaded",
  "backup.deleted",
  "backup.restore-staged",
  "job.run",
  "audit.exported",
] as const;

export type AuditEvent = (typeof AUDIT_EVENTS)[number];

/** Who acted: a signed-in user, a connection token (external API) or a background job. */
export type AuditActorType = "user" | "token" | "system";

/** Field names whose values never enter the log (their change is recorded as "changed", without values). */
export const AUDIT_SECRET_FIELDS: readonly string[] = [
  "password",
  "passwordHash",
  "token",
  "apiKey",
  "voiceKey",
  "secret",
  "jsonContent",
  "tokenixc",
  "clientsecretmkauth",
  "asaas",
  "pixWebhookSecret",
  "urlN8N",
];

/** Field names never recorded at all: message bodies and texts customers receive are not the log's business. */
export const AUDIT_HIDDEN_FIELDS: readonly string[] = ["body", "message", "mediaUrl"];
