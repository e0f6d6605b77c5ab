/**
 * Connection leases on PostgreSQL (the `connection_leases` and `cluster_nodes` tables, db/cluster-schema.ts), and
 * the fence that keeps a late node from overwriting a session's credentials. Times are the database's clock
 * (`clock_timestamp()`), never a node's: nodes' clocks may disagree, the database's is one.
 */
import { hostname } from "node:os";
import type postgres from "postgres";
import { type Acquired, LEASE_MS, type LeaseOwner, type LeaseSnapshot, type LeaseStore } from "./leases";

/** Milliseconds since the epoch on the database's clock (the current instant, not the transaction's start). */
const NOW_MS = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

/** A write carried a fencing token that is no longer the connection's: another node owns the session now. */
export class FencedOutError extends Error {
  constructor(
    readonly connectionId: number,
    readonly token: number,
  ) {
    super(`connection ${connectionId}: fencing token ${token} is stale (the session runs on another node now)`);
  }
}

export interface PgLeaseOptions {
  nodeId: string;
  leaseMs?: number;
}

/** The lease store of several nodes on one PostgreSQL. `sql` is the node's pool (openPostgres(...).$client). */
export class PgLeaseStore implements LeaseStore {
  readonly nodeId: string;
  private readonly leaseMs: number;
  private readonly startedAt = Date.now();

  constructor(
    private readonly sql: postgres.Sql,
    opts: PgLeaseOptions,
  ) {
    this.nodeId = opts.nodeId;
    this.leaseMs = opts.leaseMs ?? LEASE_MS;
  }

  async beat() {
    const sql = this.sql;
    const now = sql.unsafe(NOW_MS);
    const [row] = await sql`
      INSERT INTO cluster_nodes (node_id, host, started_at, heartbeat_at, draining)
      VALUES (${this.nodeId}, ${`${hostname()} pid ${process.pid}`}, ${this.startedAt}, ${now}, 0)
      ON CONFLICT (node_id) DO UPDATE SET heartbeat_at = excluded.heartbeat_at
      RETURNING draining`;
    // Rows of nodes gone for long (killed, never shut down) are forgotten; their leases expired long ago.
    await sql`DELETE FROM cluster_nodes WHERE heartbeat_at < ${now} - ${this.leaseMs * 20}`;
    return { draining: Number(row.draining) === 1 };
  }

  /**
   * One statement: a new row starts at token 1; an existing row is taken over when it has expired or is already
   * this node's, and its token grows by one either way (the session that held it before is fenced out). A row that
   * expired on another node without being released (a release sets its expiry to 0) names that node.
   */
  async acquire(connectionId: number): Promise<Acquired | null> {
    const sql = this.sql;
    const now = sql.unsafe(NOW_MS);
    const rows = await sql`
      WITH prev AS (SELECT node_id, expires_at FROM connection_leases WHERE connection_id = ${connectionId})
      INSERT INTO connection_leases AS l (connection_id, node_id, token, expires_at)
      VALUES (${connectionId}, ${this.nodeId}, 1, ${now} + ${this.leaseMs})
      ON CONFLICT (connection_id) DO UPDATE
        SET node_id = excluded.node_id, token = l.token + 1, expires_at = excluded.expires_at
        WHERE l.expires_at < ${now} OR l.node_id = excluded.node_id
      RETURNING token, (SELECT node_id FROM prev) AS prev_node, (SELECT expires_at FROM prev) AS prev_expires`;
    if (!rows.length) return null;
    const [row] = rows;
    const prevExpires = Number(row.prev_expires ?? 0);
    const expiredOn =
      row.prev_node && row.prev_node !== this.nodeId && prevExpires > 0 ? { nodeId: String(row.prev_node), renewedAt: prevExpires - this.leaseMs } : undefined;
    return { token: Number(row.token), expiredOn };
  }

  /** Extends what this node holds with the same token; a lease taken over meanwhile is not in the answer. */
  async renew(held: ReadonlyMap<number, number>) {
    if (!held.size) return new Set<number>();
    const sql = this.sql;
    const ids = [...held.keys()];
    const tokens = ids.map((id) => held.get(id) as number);
    const rows = await sql`
      UPDATE connection_leases AS l SET expires_at = ${sql.unsafe(NOW_MS)} + ${this.leaseMs}
      FROM unnest(${ids}::bigint[], ${tokens}::bigint[]) AS h(connection_id, token)
      WHERE l.connection_id = h.connection_id AND l.token = h.token AND l.node_id = ${this.nodeId}
      RETURNING l.connection_id`;
    return new Set(rows.map((r) => Number(r.connection_id)));
  }

  async release(connectionId: number, token: number) {
    await this.sql`
      UPDATE connection_leases SET expires_at = 0
      WHERE connection_id = ${connectionId} AND token = ${token} AND node_id = ${this.nodeId}`;
  }

  async snapshot(wanted: number[]): Promise<LeaseSnapshot> {
    const sql = this.sql;
    const now = sql.unsafe(NOW_MS);
    const nodes = await sql`
      SELECT n.node_id, (SELECT count(*) FROM connection_leases l WHERE l.node_id = n.node_id AND l.expires_at >= ${now}) AS leases
      FROM cluster_nodes n
      WHERE n.heartbeat_at >= ${now} - ${this.leaseMs} AND n.draining = 0`;
    const taken = wanted.length
      ? await sql`SELECT connection_id FROM connection_leases WHERE expires_at >= ${now} AND connection_id = ANY(${wanted}::bigint[])`
      : [];
    return {
      nodes: nodes.map((n) => ({ nodeId: String(n.node_id), leases: Number(n.leases) })),
      taken: new Set(taken.map((r) => Number(r.connection_id))),
    };
  }

  async owners(): Promise<LeaseOwner[]> {
    const rows = await this.sql`
      SELECT connection_id, node_id, token, expires_at FROM connection_leases
      WHERE expires_at >= ${this.sql.unsafe(NOW_MS)} ORDER BY connection_id`;
    return rows.map((r) => ({ connectionId: Number(r.connection_id), nodeId: String(r.node_id), token: Number(r.token), expiresAt: Number(r.expires_at) }));
  }

  async leave() {
    await this.sql`DELETE FROM cluster_nodes WHERE node_id = ${this.nodeId}`;
  }
}

/** Asks a node to hand its sessions over (`balcao drain <node>`, from any process); answers whether it exists. */
export async function requestDrain(sql: postgres.Sql, nodeId: string, draining = true): Promise<boolean> {
  const rows = await sql`UPDATE cluster_nodes SET draining = ${draining ? 1 : 0} WHERE node_id = ${nodeId} RETURNING node_id`;
  return rows.length > 0;
}

/** The live nodes, for people (the connections page, `/metrics`, `balcao drain` without a node). */
export async function liveNodes(sql: postgres.Sql, leaseMs = LEASE_MS) {
  const rows = await sql`
    SELECT node_id, host, started_at, heartbeat_at, draining FROM cluster_nodes
    WHERE heartbeat_at >= ${sql.unsafe(NOW_MS)} - ${leaseMs} ORDER BY node_id`;
  return rows.map((r) => ({ nodeId: String(r.node_id), host: String(r.host), startedAt: Number(r.started_at), draining: Number(r.draining) === 1 }));
}

/** Forgets a connection's lease (the connection was deleted): a late write for it is refused from then on. */
export async function forgetLease(sql: postgres.Sql, connectionId: number) {
  await sql`DELETE FROM connection_leases WHERE connection_id = ${connectionId}`;
}

/** How long a fenced transaction may sit idle (its node paused) before PostgreSQL ends it and frees the lease row. */
export const FENCE_IDLE_MS = 5_000;

/**
 * Runs `write` in a transaction that first locks the connection's lease row in SHARE mode at `token`, or throws
 * FencedOutError when the token is no longer the connection's. The lock is what makes it safe: a node taking the
 * lease over updates that row, so it waits until this transaction ends, and this transaction cannot start after
 * the takeover with the old token. So a paused node that wakes up late cannot overwrite what the new owner wrote,
 * and the new owner reads everything the old one wrote before it let go. A node frozen inside the transaction
 * is ended by PostgreSQL after `idleMs` (idle_in_transaction_session_timeout), which frees the row; its commit
 * then fails. Every write of a session's Baileys credentials and Signal keys goes through here on PostgreSQL.
 */
export async function fencedTransaction<T>(
  sql: postgres.Sql,
  connectionId: number,
  token: number,
  write: (tx: postgres.TransactionSql) => Promise<T>,
  opts: { idleMs?: number } = {},
): Promise<T> {
  const idle = String(opts.idleMs ?? FENCE_IDLE_MS);
  let ended = false;
  const run = sql.begin(async (tx) => {
    const held = await tx`
      SELECT set_config('idle_in_transaction_session_timeout', ${idle}, true)
      FROM connection_leases WHERE connection_id = ${connectionId} AND token = ${token} FOR SHARE`;
    if (!held.length) throw new FencedOutError(connectionId, token);
    const result = await write(tx);
    // The connection died while `write` ran (begin() has rejected already): postgres.js would still send COMMIT
    // on that connection object, to a dead socket (an uncaught error) or to the session that replaced it.
    if (ended) return new Promise<never>(() => {});
    return result;
  });
  run.catch(() => {
    ended = true;
  });
  return (await run) as T;
}
