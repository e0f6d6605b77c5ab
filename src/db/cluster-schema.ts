import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Shared state of several nodes on one PostgreSQL (docs/SCALING.md, "What is built: the pieces"): connection leases
 * and the live nodes, written only by db/leases-pg.ts (the limiter's and job lock's tables are cluster/schema.ts').
 * Declared once like every table, so both engines have it; on SQLite (one process per data folder) the rows are
 * never written. Apart from the code so drizzle-kit (under Node) can read the schema.
 */

/**
 * Which node runs a connection's session, until when, and its fencing token: the token grows by one at every
 * acquisition and never goes back (a released lease keeps its row with `expires_at` 0), and every write of the
 * session's WhatsApp credentials and keys must carry the current one (db/leases-pg.ts fencedTransaction).
 */
export const connectionLeases = sqliteTable("connection_leases", {
  connectionId: integer("connection_id").primaryKey(),
  nodeId: text("node_id").notNull(),
  token: integer("token").notNull(),
  /** Milliseconds since the epoch on the database's clock (never a node's: their clocks may disagree). */
  expiresAt: integer("expires_at").notNull(),
});

/** The nodes alive (a heartbeat within one lease period) and whether one is being drained. */
export const clusterNodes = sqliteTable("cluster_nodes", {
  nodeId: text("node_id").primaryKey(),
  /** For people (the connections page, `/metrics`): host name and process id. */
  host: text("host").notNull().default(""),
  startedAt: integer("started_at").notNull(),
  /** Milliseconds since the epoch on the database's clock. */
  heartbeatAt: integer("heartbeat_at").notNull(),
  /** `balcao drain` asked this node to hand its sessions over (it takes none while set). */
  draining: integer("draining", { mode: "boolean" }).notNull().default(false),
});
