import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The holder of the data folder, for people (instance-lock.ts): the lock itself is a kernel lock on
 * data/instance.lock. Apart from the lock code so drizzle-kit (under Node) can read the schema.
 */
export const instanceLock = sqliteTable("instance_lock", {
  id: integer("id").primaryKey(),
  /** Who holds the folder, for people: "v2 server on <host> (pid N) since <ISO time>". */
  owner: text("owner").notNull(),
  pid: integer("pid").notNull(),
  heartbeatAt: integer("heartbeat_at").notNull(),
});
