import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The tables of the shared limiter (cluster/limiter-pg.ts) and the job lock (cluster/jobs-pg.ts), which own them.
 * Both engines have them; on SQLite (one box) they are never written.
 */

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

/**
 * Fingerprints of the secrets every node must share (cluster/secrets.ts owns it): a SHA-256 per variable, written by
 * the first node that boots on the database; a node whose own fingerprint differs refuses to start. Never the secret.
 */
export const clusterSecrets = sqliteTable("cluster_secrets", {
  /** The variables the fingerprint covers (`JWT_SECRET`, `VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY`…). */
  name: text("name").primaryKey(),
  fingerprint: text("fingerprint").notNull(),
  /** Milliseconds since the epoch: when the first node wrote it. */
  createdAt: integer("created_at").notNull(),
});
