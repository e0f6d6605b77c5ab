/**
 * How the bus carries the hub's frames (docs/SCALING.md, "Realtime across nodes"): two nodes, each with its own Hub
 * and PgBus on one PostgreSQL, joined by `hub.attach(bus)` (publish here and on the bus; a bus body is delivered by
 * the receiving hub). The visibility policy is applied by the node that owns the socket.
 */
import { afterAll, expect, test } from "bun:test";
import type { ServerFrame } from "../../src/contract/frames";
import { CLOSE } from "../../src/contract/frames";
import { type BusFrame, type BusGap, LocalBus } from "../../src/realtime/bus";
import { PgBus } from "../../src/realtime/bus-pg";
import { Hub } from "../../src/realtime/hub";
import { withPostgres } from "../support/postgres";

// Types through the Hub's own signatures (their modules move in the layers restructuring; Hub stays).
type HubSocket = Parameters<Hub["add"]>[0];
type SessionUser = Parameters<Hub["add"]>[1];
type PublishOptions = NonNullable<Parameters<Hub["publish"]>[2]>;

const pg = withPostgres();
const buses: PgBus[] = [];
afterAll(async () => {
  await Promise.all(buses.map((b) => b.close()));
});

const user = (id: number, companyId: number, profile: string, queueIds: number[]): SessionUser => ({
  id,
  companyId,
  name: `u${id}`,
  email: `u${id}@example.com`,
  profile,
  super: false,
  whatsappId: null,
  allTicket: "disable",
  queueIds,
});

/** A socket that keeps what it was sent. */
function socket(id: string) {
  const got: ServerFrame[] = [];
  const ws: HubSocket = { id, send: (d: string) => void got.push(JSON.parse(d)), close: () => {} };
  return { ws, got };
}

/** A node: its hub attached to its bus. */
async function node(name: string, channel: string) {
  const hub = new Hub();
  const bus = await PgBus.open<BusFrame>(pg.url, { nodeId: name, channel });
  buses.push(bus);
  hub.attach(bus);
  const publish = (list: string[], frame: ServerFrame, opts: PublishOptions = {}) => hub.publish(list, frame, opts);
  return { hub, bus, publish };
}

test("a ticket frame published on node A reaches node B's sockets that may see the ticket, and only those, once", async () => {
  const [a, b] = await Promise.all([node("hub-a", "rt_hub_once"), node("hub-b", "rt_hub_once")]);
  const room = "company-1-open"; // rooms.status(1, "open")
  const inQueue = socket("b-agent-q2");
  const otherQueue = socket("b-agent-q3");
  const admin = socket("b-admin");
  const otherCompany = socket("b-admin-company-2");
  const onA = socket("a-agent-q2");
  b.hub.add(inQueue.ws, user(10, 1, "user", [2]));
  b.hub.add(otherQueue.ws, user(11, 1, "user", [3]));
  b.hub.add(admin.ws, user(12, 1, "admin", []));
  b.hub.add(otherCompany.ws, user(20, 2, "admin", []));
  a.hub.add(onA.ws, user(13, 1, "user", [2]));
  for (const s of [inQueue, otherQueue, admin, otherCompany]) b.hub.join(s.ws, room);
  a.hub.join(onA.ws, room);

  const frame: ServerFrame = { channel: "ticket", action: "updateUnread", ticketId: 5 };
  a.publish([room], frame, { ticket: { companyId: 1, status: "open", userId: null, queueId: 2 } });
  await a.bus.flush();
  const until = performance.now() + 5_000;
  while ((inQueue.got.length < 1 || admin.got.length < 1) && performance.now() < until) await Bun.sleep(10);
  a.hub.flush();
  b.hub.flush();
  await Bun.sleep(50);
  b.hub.flush();
  expect(inQueue.got).toEqual([frame]);
  expect(admin.got).toEqual([frame]);
  expect(otherQueue.got).toEqual([]);
  expect(otherCompany.got).toEqual([]);
  expect(onA.got).toEqual([frame]); // node A's own socket: from its hub, not a second time from the bus
});

test("a ticket moved away: B's sockets of the old room get the delete, the new room's the update", async () => {
  const [a, b] = await Promise.all([node("move-a", "rt_hub_move"), node("move-b", "rt_hub_move")]);
  const pending = "company-1-pending";
  const open = "company-1-open";
  const watcher = socket("b-pending");
  const taker = socket("b-open");
  b.hub.add(watcher.ws, user(30, 1, "admin", []));
  b.hub.add(taker.ws, user(31, 1, "admin", []));
  b.hub.join(watcher.ws, pending);
  b.hub.join(taker.ws, open);
  const update: ServerFrame = { channel: "ticket", action: "updateUnread", ticketId: 9 };
  const gone: ServerFrame = { channel: "ticket", action: "delete", ticketId: 9 };
  a.publish([open], update, { ticket: { companyId: 1, status: "open", userId: 31, queueId: null }, gone: { rooms: [pending], frame: gone } });
  const until = performance.now() + 5_000;
  while ((watcher.got.length < 1 || taker.got.length < 1) && performance.now() < until) {
    await Bun.sleep(10);
    b.hub.flush();
  }
  expect(taker.got).toEqual([update]);
  expect(watcher.got).toEqual([gone]);
});

test("frames may have been lost between nodes (the bus's gap): the node's sockets are closed to reconnect and catch up", async () => {
  const hub = new Hub();
  const bus = new LocalBus<BusFrame>("gap-node");
  const gaps: ((g: BusGap) => void)[] = [];
  const onGap = (fn: (g: BusGap) => void) => {
    gaps.push(fn);
    return () => {};
  };
  const withGap = Object.assign(Object.create(bus), { onGap }) as LocalBus<BusFrame>;
  hub.attach(withGap);
  const closed: number[] = [];
  const ws: HubSocket = { id: "s1", send: () => {}, close: (code?: number) => void closed.push(code ?? 0) };
  hub.add(ws, user(40, 1, "admin", []));
  for (const fn of gaps) fn({ reason: "reconnected" });
  expect(closed).toEqual([CLOSE.catchUp]);
  expect(hub.socketCount()).toBe(0);
});
