import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * WhatsApp (Baileys) auth state: one row per (connection, kind, key id). `kind` is "creds" (key id "")
 * or a Signal key type ("pre-key", "session", "lid-mapping"…). `value` is BufferJSON text.
 * `connection_id` will reference the connections table once it exists (no FK yet).
 */
export const waAuth = sqliteTable(
  "wa_auth",
  {
    connectionId: integer("connection_id").notNull(),
    kind: text("kind").notNull(),
    keyId: text("key_id").notNull(),
    value: text("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.kind, t.keyId] })],
);
