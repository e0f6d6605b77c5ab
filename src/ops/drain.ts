/**
 * `balcao drain [node]` (docs/SCALING.md, "Connection leases"): on PostgreSQL, asks a node to hand its WhatsApp
 * sessions to the other nodes before maintenance; it keeps serving HTTP, and takes no session until it restarts or
 * `drain <node> --undo`. Without a node: the live nodes and the connections each one runs. `balcao rebalance` evens
 * the sessions out over the live nodes.
 */
import type postgres from "postgres";
import { liveNodes, PgLeaseStore, requestDrain } from "../db/leases-pg";
import type { CommandBus, SessionCommand } from "../inbound/session-cluster";
import { CliError } from "./commands";

/** The live nodes, each with its sessions (connection ids), as lines for the operator. */
export async function describeNodes(sql: postgres.Sql): Promise<string[]> {
  const nodes = await liveNodes(sql);
  if (!nodes.length) return ["no live node: no server serves from this database now"];
  const owners = await new PgLeaseStore(sql, { nodeId: "balcao-cli" }).owners();
  const names = new Map((await sql`select id, name from whatsapps`).map((r) => [Number(r.id), String(r.name)]));
  return nodes.map((n) => {
    const mine = owners.filter((o) => o.nodeId === n.nodeId).map((o) => `${o.connectionId} ${names.get(o.connectionId) ?? ""}`.trim());
    const state = n.draining ? "draining" : "serving";
    const since = new Date(n.startedAt).toISOString();
    return `${n.nodeId}  ${state}  ${n.host}  up since ${since}  ${mine.length} session${mine.length === 1 ? "" : "s"}${mine.length ? `: ${mine.join(", ")}` : ""}`;
  });
}

/** Asks `nodeId` to drain (or, with `undo`, to take sessions again); refuses a node that is not live. */
export async function drainNode(sql: postgres.Sql, nodeId: string, undo = false): Promise<string> {
  if (!(await liveNodes(sql)).some((n) => n.nodeId === nodeId) || !(await requestDrain(sql, nodeId, !undo)))
    throw new CliError(`no live node ${nodeId} (balcao drain lists them)`);
  return undo
    ? `${nodeId} takes WhatsApp sessions again`
    : `${nodeId} is handing its WhatsApp sessions to the other nodes (within a few seconds); it keeps serving HTTP and takes no session until it restarts or: balcao drain ${nodeId} --undo`;
}

/** A session `balcao rebalance` moves: a connection, and the node it leaves. */
export interface Move {
  connectionId: number;
  from: string;
}

/**
 * Which sessions `balcao rebalance` moves. Every live node that takes sessions (not draining) should hold its even share,
 * rounded up (12 sessions on 3 nodes: 4 each; 13: at most 5); a node over it hands the surplus back, its newest
 * connections first, linked ones only (a connection showing a QR is being linked where it is). The spread gives each to
 * the least loaded node, never back to the giver: a node over the share stays above every node the spread could pick.
 */
export function rebalancePlan(
  nodes: { nodeId: string; draining: boolean }[],
  owners: { connectionId: number; nodeId: string }[],
  connected: Set<number>,
): Move[] {
  const serving = nodes.filter((n) => !n.draining).map((n) => n.nodeId);
  if (serving.length < 2) return [];
  const per = new Map<string, number[]>(serving.map((id) => [id, []]));
  for (const o of owners) per.get(o.nodeId)?.push(o.connectionId);
  const total = [...per.values()].reduce((n, ids) => n + ids.length, 0);
  const share = Math.ceil(total / serving.length);
  const moves: Move[] = [];
  for (const [from, ids] of per) {
    const surplus = ids.length - share;
    if (surplus <= 0) continue;
    const movable = ids.filter((id) => connected.has(id)).sort((a, b) => b - a);
    for (const connectionId of movable.slice(0, surplus)) moves.push({ connectionId, from });
  }
  return moves;
}

/**
 * `balcao rebalance`: moves the sessions `rebalancePlan` picks, one at a time: the node running one hands it back (its
 * keys written first, as at a drain), the least loaded node takes it and logs in again from the stored credentials
 * (no QR), then the next. For after an upgrade node by node, which leaves the sessions on the nodes stopped last.
 * Answers whether every move was made.
 */
export async function rebalance(
  sql: postgres.Sql,
  bus: CommandBus<SessionCommand>,
  print: (line: string) => void,
  opts: { timeoutMs?: number; pollMs?: number } = {},
): Promise<boolean> {
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const pollMs = opts.pollMs ?? 250;
  const store = new PgLeaseStore(sql, { nodeId: "balcao-cli" });
  const nodes = await liveNodes(sql);
  const owners = await store.owners();
  const rows = await sql`select id, name, status from whatsapps`;
  const connected = new Set(rows.filter((r) => r.status === "CONNECTED").map((r) => Number(r.id)));
  const names = new Map(rows.map((r) => [Number(r.id), String(r.name)]));
  const moves = rebalancePlan(nodes, owners, connected);
  const counts = nodes
    .filter((n) => !n.draining)
    .map((n) => `${n.nodeId} ${owners.filter((o) => o.nodeId === n.nodeId).length}`)
    .join(", ");
  if (!moves.length) {
    print(`balanced: nothing to move (${counts || "no live node"})`);
    return true;
  }
  print(`${moves.length} session${moves.length === 1 ? "" : "s"} to move, one at a time (now: ${counts})`);
  let ok = true;
  for (const m of moves) {
    const label = `connection ${m.connectionId} ${names.get(m.connectionId) ?? ""}`.trim();
    const started = performance.now();
    bus.publish({ t: "handOver", to: m.from, connectionId: m.connectionId });
    let to: string | undefined;
    while (performance.now() - started < timeoutMs) {
      await Bun.sleep(pollMs);
      to = (await store.owners()).find((o) => o.connectionId === m.connectionId)?.nodeId;
      if (to && to !== m.from) break;
    }
    if (to && to !== m.from) print(`${label}: ${m.from} → ${to} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    else {
      ok = false;
      print(`${label}: still on ${m.from} after ${timeoutMs / 1000} s (the node did not hand it over); left there`);
    }
  }
  return ok;
}
