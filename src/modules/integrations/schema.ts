import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companyRow } from "../companies/schema";
import { tickets } from "../tickets/schema";
import { belongsTo, timestamps } from "../../db/columns";

/**
 * A queue integration (R-INT-4): an outside bot that answers a queue's (or a connection's)
 * customers. Typebot and n8n/webhook keep their base URL in urlN8N (the spec's name).
 */
export const queueIntegrations = sqliteTable(
  "queue_integrations",
  {
    ...companyRow(),
    type: text("type", { enum: ["dialogflow", "n8n", "webhook", "typebot"] }).notNull(),
    name: text("name").notNull(),
    projectName: text("project_name").notNull().default(""),
    /** Dialogflow: the service account's JSON key (secret: its private key is masked when read back). */
    jsonContent: text("json_content").notNull().default(""),
    language: text("language").notNull().default("pt-BR"),
    urlN8N: text("url_n8n").notNull().default(""),
    typebotSlug: text("typebot_slug").notNull().default(""),
    /** Minutes without activity after which a Typebot session starts over (0 = never). */
    typebotExpires: integer("typebot_expires").notNull().default(1),
    typebotKeywordFinish: text("typebot_keyword_finish").notNull().default(""),
    typebotKeywordRestart: text("typebot_keyword_restart").notNull().default(""),
    typebotRestartMessage: text("typebot_restart_message").notNull().default(""),
    typebotUnknownMessage: text("typebot_unknown_message").notNull().default(""),
    /** Milliseconds of "typing…" before each Typebot message. */
    typebotDelayMessage: integer("typebot_delay_message").notNull().default(1000),
    ...timestamps(),
  },
  (t) => [uniqueIndex("queue_integrations_company_name_uq").on(t.companyId, t.name)],
);
export type QueueIntegrationRow = typeof queueIntegrations.$inferSelect;

/** A conversation an integration holds with a ticket (Typebot session id, Dialogflow session), with its last activity. */
export const integrationSessions = sqliteTable(
  "integration_sessions",
  {
    ticketId: integer("ticket_id")
      .primaryKey()
      .references(() => tickets.id, { onDelete: "cascade" }),
    companyId: integer("company_id").notNull(),
    integrationId: belongsTo("integration_id", () => queueIntegrations.id),
    sessionId: text("session_id").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("integration_sessions_integration_idx").on(t.integrationId)],
);
export type IntegrationSessionRow = typeof integrationSessions.$inferSelect;
