/**
 * `balcao drain [node]` (docs/SCALING.md, "Connection leases"): on PostgreSQL, asks a node to hand its WhatsApp
 * sessions to the other nodes before maintenance; it keeps serving HTTP, and takes no session until it restarts or
 * `drain <node> --undo`. Without a node: the live nodes and the connections each one runs.
 */
import type postgres from "postgres";
import { liveNodes, requestDrain } from "../db/leases-pg";
import { PgLeaseStore } from "../db/leases-pg";
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
