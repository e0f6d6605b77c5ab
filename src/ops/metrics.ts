/**
 * Process metrics in the Prometheus text format (GET /metrics): requests and their latency,
 * inbound/outbound messages, the outbox and inbound spool depths, connections by state, WebSocket
 * clients, memory and disk. Counters live in memory (they restart at 0 with the process, as
 * Prometheus expects); gauges are read at scrape time.
 */
import type { Deps } from "../core/deps";
import { countConnectionsByStatus } from "../modules/connections";
import { countQueuedMessages } from "../modules/messages";
import type { Published } from "../core/hub";
import { integrityOf } from "./integrity";

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The counters of one process. */
export class Metrics {
  readonly requests = new Map<string, number>();
  readonly latency = { buckets: new Array<number>(BUCKETS.length).fill(0), sum: 0, count: 0 };
  readonly messages = { inbound: 0, outbound: 0 };
  readonly startedAt = Date.now();

  /** Records one answered request. */
  observeRequest(method: string, status: number, seconds: number) {
    const key = `${method}|${status}`;
    this.requests.set(key, (this.requests.get(key) ?? 0) + 1);
    for (let i = 0; i < BUCKETS.length; i++) if (seconds <= BUCKETS[i]) this.latency.buckets[i]++;
    this.latency.sum += seconds;
    this.latency.count++;
  }

  /** Counts stored messages from the hub's frames (one `appMessage create` per stored message). */
  observeFrame(p: Published) {
    const f = p.frame;
    if (f.channel === "appMessage" && f.action === "create") {
      if (f.message.fromMe) this.messages.outbound++;
      else this.messages.inbound++;
    }
  }
}

type Sample = [labels: Record<string, string | number> | null, value: number];

function family(out: string[], name: string, type: "counter" | "gauge" | "histogram", help: string, samples: Sample[]) {
  out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
  for (const [labels, value] of samples) {
    const l = labels
      ? `{${Object.entries(labels)
          .map(([k, v]) => `${k}="${String(v).replace(/["\\\n]/g, "_")}"`)
          .join(",")}}`
      : "";
    out.push(`${name}${l} ${Number.isFinite(value) ? value : 0}`);
  }
}

/** Renders every metric of the process as Prometheus text. */
export async function renderMetrics(deps: Deps, m: Metrics): Promise<string> {
  const out: string[] = [];
  family(
    out,
    "balcao_http_requests_total",
    "counter",
    "HTTP requests answered, by method and status.",
    [...m.requests].map(([k, v]) => {
      const [method, status] = k.split("|");
      return [{ method, status }, v];
    }),
  );
  out.push("# HELP balcao_http_request_duration_seconds Time to answer HTTP requests.", "# TYPE balcao_http_request_duration_seconds histogram");
  for (const [i, b] of BUCKETS.entries()) out.push(`balcao_http_request_duration_seconds_bucket{le="${b}"} ${m.latency.buckets[i]}`);
  out.push(`balcao_http_request_duration_seconds_bucket{le="+Inf"} ${m.latency.count}`);
  out.push(`balcao_http_request_duration_seconds_sum ${m.latency.sum}`, `balcao_http_request_duration_seconds_count ${m.latency.count}`);
  family(out, "balcao_messages_total", "counter", "Messages stored, by direction.", [
    [{ direction: "inbound" }, m.messages.inbound],
    [{ direction: "outbound" }, m.messages.outbound],
  ]);
  family(out, "balcao_outbox_depth", "gauge", "Outgoing messages queued for delivery.", [[null, await countQueuedMessages(deps.db)]]);
  family(out, "balcao_inbound_spool_depth", "gauge", "Inbound messages waiting to be stored (disk full, database busy).", [[null, deps.inboundSpool.size()]]);
  family(
    out,
    "balcao_connections",
    "gauge",
    "WhatsApp connections by state.",
    (await countConnectionsByStatus(deps.db)).map((r) => [{ status: r.status ?? "none" }, r.count]),
  );
  family(out, "balcao_websocket_clients", "gauge", "Open WebSocket clients.", [[null, deps.hub.socketCount()]]);
  // Several nodes (PostgreSQL): where each WhatsApp session runs, as every node sees it from the leases.
  const placed = await deps.sessions.placements();
  if (placed) {
    const perNode = new Map<string, number>();
    for (const node of placed.values()) perNode.set(node, (perNode.get(node) ?? 0) + 1);
    family(out, "balcao_node_sessions", "gauge", "WhatsApp sessions each node runs under its leases (nodes running one or more).", [
      ...[...perNode].map(([node, n]): Sample => [{ node }, n]),
    ]);
    family(out, "balcao_connection_node", "gauge", "1 for the node holding each connection's lease (its session runs there).", [
      ...[...placed].map(([connection, node]): Sample => [{ connection, node }, 1]),
    ]);
  }
  const mem = process.memoryUsage();
  family(out, "process_resident_memory_bytes", "gauge", "Resident memory of the process.", [[null, mem.rss]]);
  family(out, "process_heap_used_bytes", "gauge", "JavaScript heap in use.", [[null, mem.heapUsed]]);
  family(out, "process_uptime_seconds", "gauge", "Seconds since the process started.", [[null, (Date.now() - m.startedAt) / 1000]]);
  const integrity = integrityOf(deps).state;
  family(out, "balcao_database_integrity_ok", "gauge", "0 when the boot's quick_check found the database damaged, else 1.", [
    [null, integrity === "failed" ? 0 : 1],
  ]);
  const s = deps.storage.status();
  family(out, "balcao_storage_free_bytes", "gauge", "Free bytes on the data folder's disk.", [[null, s.freeBytes]]);
  family(out, "balcao_storage_state", "gauge", "1 for the data disk's current state (ok, low, full).", [
    [{ state: "ok" }, s.state === "ok" ? 1 : 0],
    [{ state: "low" }, s.state === "low" ? 1 : 0],
    [{ state: "full" }, s.state === "full" ? 1 : 0],
  ]);
  return `${out.join("\n")}\n`;
}
