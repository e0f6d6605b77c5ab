import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Shared state of several nodes on one PostgreSQL (docs/SCALING.md, "What is built: the pieces"). Declared once
 * like every table, so both engines have it; on SQLite (one process per data folder) the rows are never written.
 * Apart from the code (db/leases-pg.ts, cluster/) so drizzle-kit (under Node) can read the schema.
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

/**
 * A key's counted attempts for a shared limiter (cluster/limiter-pg.ts): `scope` names the limiter ("login.pair",
 * "api"…), `key_hash` is a SHA-256 of the key (an address, an e-mail: no personal data in clear). One row per key,
 * so one statement counts an attempt and checks the budget atomically (the row lock of INSERT … ON CONFLICT).
 */
export const limiterHits = sqliteTable(
  "limiter_hits",
  {
    scope: text("scope").notNull(),
    keyHash: text("key_hash").notNull(),
    /** Times (ms, database clock) of the attempts still in the window, comma-separated; never more than the budget. */
    hits: text("hits").notNull(),
    /** When the newest attempt leaves the window: the row is useless after it and swept. */
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.keyHash] }), index("limiter_hits_expires_idx").on(t.expiresAt)],
);

/**
 * The last tick of each scheduled job that a node claimed (cluster/jobs-pg.ts): a tick runs on the node whose
 * claim moved `tick` forward, once, while an advisory lock keeps two runs of one job from overlapping.
 */
export const jobRuns = sqliteTable("job_runs", {
  name: text("name").primaryKey(),
  /** The scheduled time of the claimed run (ms), the same on every node for one cron slot. */
  tick: integer("tick").notNull(),
  nodeId: text("node_id").notNull(),
  /** Milliseconds since the epoch on the database's clock. */
  startedAt: integer("started_at").notNull(),
  finishedAt: integer("finished_at"),
});
