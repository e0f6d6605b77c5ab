/**
 * This process as one node of several on one PostgreSQL database (docs/SCALING.md, "What is built"): its id, its one
 * bus to the other nodes (LISTEN/NOTIFY, topics for the hub's frames, the caches' forgets and whatever else crosses),
 * and its job lock (an advisory lock per job on a connection of its own). Opened by main.ts before the deps when
 * DATABASE_URL is set; one box (SQLite) opens none of it and pays nothing.
 */
import type { ClusterNode, NodeState } from "./core/deps";
import { PgJobLock } from "./cluster/jobs-pg";
import { newNodeId } from "./db/leases";
import { type TopicBody, topicOf } from "./realtime/bus";
import { PgBus } from "./realtime/bus-pg";

/** A node of several: what the deps use, and what the composition root starts and closes. */
export interface OpenNode extends ClusterNode {
  readonly bus: PgBus<TopicBody>;
  readonly jobLock: PgJobLock;
  /** Sends what is queued on the bus, then closes the bus and the job connection. */
  close(): Promise<void>;
}

/** Opens this node's links: resolves once the bus listens (frames of the others reach it from then on). */
export async function openClusterNode(url: string, opts: { nodeId?: string; pingMs?: number } = {}): Promise<OpenNode> {
  const id = opts.nodeId ?? newNodeId();
  const bus = await PgBus.open<TopicBody>(url, { nodeId: id, pingMs: opts.pingMs });
  const jobLock = new PgJobLock(url, { nodeId: id });
  return {
    id,
    bus,
    jobLock,
    topic: (name) => topicOf(bus, name),
    state: async (): Promise<NodeState> => ({ id, busListening: bus.listening, jobLock: await jobLock.probe() }),
    close: async () => {
      await bus.close();
      await jobLock.close();
    },
  };
}
