import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companyRow } from "../companies/schema";
import { queues } from "../queues/schema";
import { timestamps } from "../../db/columns";

/** An AI prompt (assistant) tied to a queue (R-INT-11). */
export const prompts = sqliteTable(
  "prompts",
  {
    ...companyRow(),
    name: text("name").notNull(),
    prompt: text("prompt").notNull(),
    /** "texto" answers in text; otherwise a neural voice name answers with a voice note. */
    voice: text("voice").notNull().default("texto"),
    /** Speech service key and region (secret key: masked when read back). */
    voiceKey: text("voice_key").notNull().default(""),
    voiceRegion: text("voice_region").notNull().default(""),
    model: text("model").notNull().default("gpt-4o-mini"),
    maxTokens: integer("max_tokens").notNull().default(100),
    temperature: real("temperature").notNull().default(1),
    /** The model provider's API key (secret: masked when read back). */
    apiKey: text("api_key").notNull(),
    /** The queue a customer is handed to when the assistant transfers to a person. */
    queueId: integer("queue_id").references(() => queues.id, { onDelete: "set null" }),
    maxMessages: integer("max_messages").notNull().default(10),
    /** Said to the customer when the assistant cannot answer (its server failed or timed out); empty = the default in the company's language. */
    holdingMessage: text("holding_message").notNull().default(""),
    ...timestamps(),
  },
  (t) => [uniqueIndex("prompts_company_name_uq").on(t.companyId, t.name), index("prompts_queue_idx").on(t.queueId)],
);
export type PromptRow = typeof prompts.$inferSelect;
