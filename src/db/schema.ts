/** Every table, re-exported from the module that owns it (drizzle-kit reads this file). */
export * from "../modules/companies/schema";
export * from "../modules/plans/schema";
export * from "../modules/queues/schema";
export * from "../modules/settings/schema";
export * from "../modules/users/schema";
export * from "../modules/auth/schema";
export * from "../modules/contacts/schema";
export * from "../channels/baileys/schema";
export * from "../modules/connections/schema";
export * from "../modules/tickets/schema";
export * from "../modules/messages/schema";
export * from "../modules/ticket-notes/schema";
export * from "../modules/queue-options/schema";
export * from "../modules/tags/schema";
export * from "../modules/quick-messages/schema";
export * from "../channels/sandbox/schema";
export * from "./instance-lock";
