/**
 * Jobs that run once (src/cluster/jobs-pg.ts): nodes are PgJobLock instances on one test database, each with its own
 * connection as separate processes would have; one node is a real process killed with SIGKILL in the middle of a job.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { Cron } from "croner";
import { resolve } from "node:path";
import { type JobOutcome, LocalJobLock, scheduledTick } from "../../src/cluster/jobs";
import { PgJobLock } from "../../src/cluster/jobs-pg";
import { Scheduler } from "../../src/jobs/scheduler";
import { withPostgres } from "../support/postgres";

const pg = withPostgres();
const opened: PgJobLock[] = [];
const children: { kill(signal?: number): void }[] = [];
// a failed test must not leave its node process behind
afterAll(() => {
  for (const c of children) c.kill(9);
});

function nodes(n: number, prefix: string) {
  const out = Array.from({ length: n }, (_, i) => new PgJobLock(pg.url, { nodeId: `${prefix}-${i}`, checkMs: 100 }));
  opened.push(...out);
  return out;
}

async function until(done: () => boolean | Promise<boolean>, ms = 5_000) {
  const end = performance.now() + ms;
  while (!(await done()) && performance.now() < end) await Bun.sleep(10);
}

describe("several nodes on one PostgreSQL", () => {
  afterAll(async () => {
    await Promise.all(opened.map((l) => l.close()));
  });

  test("three nodes firing the same ticks: each tick runs exactly once, on one node", async () => {
    const three = nodes(3, "race");
    const runs = new Map<number, string[]>();
    const outcomes: JobOutcome[] = [];
    for (let tick = 1_000; tick < 1_030; tick++) {
      const all = await Promise.all(
        three.map(async (node) => {
          await Bun.sleep(Math.random() * 5); // timers of different machines fire a little apart
          return node.run("campaigns.dispatch", tick, async () => {
            runs.set(tick, [...(runs.get(tick) ?? []), node.nodeId]);
            await Bun.sleep(Math.random() * 10);
          });
        }),
      );
      outcomes.push(...all);
      // a node whose timer fired long after the winner finished does not run the tick again
      expect(await three[tick % 3].run("campaigns.dispatch", tick, () => void runs.get(tick)?.push("late"))).toBe("done");
    }
    for (let tick = 1_000; tick < 1_030; tick++) expect(runs.get(tick)?.length).toBe(1);
    expect(outcomes.filter((o) => o === "ran").length).toBe(30);
    // the work spreads over the nodes that happen to be first, rather than sticking to one
    const winners = new Set([...runs.values()].map((r) => r[0]));
    expect(winners.size).toBeGreaterThan(1);
    const [row] = await pg.sql`SELECT tick, node_id, finished_at FROM job_runs WHERE name = 'campaigns.dispatch'`;
    expect(Number(row.tick)).toBe(1_029);
    expect(row.node_id).toBe(runs.get(1_029)?.[0] as string);
    expect(row.finished_at).not.toBeNull();
  });

  test("a run that outlasts its period: the next tick is skipped on every node, not run beside it", async () => {
    const [a, b] = nodes(2, "overrun");
    let release = () => {};
    const slow = a.run("tickets.timeouts", 1, () => new Promise<void>((r) => (release = r)));
    await until(async () => (await pg.sql`SELECT 1 FROM job_runs WHERE name = 'tickets.timeouts'`).length > 0);
    expect(await b.run("tickets.timeouts", 2, () => {})).toBe("busy");
    expect(await a.run("tickets.timeouts", 2, () => {})).toBe("busy");
    // another job is not held up by it
    expect(await b.run("tickets.expire", 2, () => {})).toBe("ran");
    release();
    expect(await slow).toBe("ran");
    expect(await b.run("tickets.timeouts", 3, () => {})).toBe("ran");
  });

  test("a node killed (-9) in the middle of a job frees it at once: the next tick runs on another node", async () => {
    const [b] = nodes(1, "survivor");
    const child = Bun.spawn([process.execPath, resolve(import.meta.dir, "fixtures/job-holder.ts"), pg.url, "schedules.send", "10"], {
      stdout: "pipe",
      stderr: "inherit",
    });
    children.push(child);
    const reader = child.stdout.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain("running");
    expect(await b.run("schedules.send", 11, () => {})).toBe("busy");
    const killedAt = performance.now();
    child.kill(9);
    await child.exited;
    let outcome = "busy" as JobOutcome;
    let ran = 0;
    await until(async () => {
      outcome = await b.run("schedules.send", 11, () => void ran++);
      return outcome !== "busy";
    });
    const freedMs = performance.now() - killedAt;
    expect(outcome).toBe("ran");
    expect(ran).toBe(1);
    console.log(`job lock of a killed node free after ${freedMs.toFixed(0)} ms`);
    expect(freedMs).toBeLessThan(5_000);
    // the killed node's tick stays claimed (it is not run twice); the next one ran on the survivor
    const [row] = await pg.sql`SELECT tick, node_id FROM job_runs WHERE name = 'schedules.send'`;
    expect([Number(row.tick), row.node_id]).toEqual([11, "survivor-0"]);
  }, 30_000);

  test("a node whose job connection dies under a running job is told (signal), and the job may start elsewhere", async () => {
    const [a, b] = nodes(2, "cut");
    let signal: AbortSignal | null = null;
    let release = () => {};
    const run = a.run("invoices.issue", 1, (s) => {
      signal = s;
      return new Promise<void>((r) => (release = r));
    });
    await until(() => signal !== null);
    expect(await b.run("invoices.issue", 2, () => {})).toBe("busy");
    await pg.sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'balcao-jobs cut-0'`;
    await until(() => (signal as AbortSignal | null)?.aborted === true);
    expect((signal as AbortSignal | null)?.aborted).toBe(true);
    expect(await b.run("invoices.issue", 2, () => {})).toBe("ran");
    release();
    expect(await run).toBe("ran");
    // a's connection is back (a new session): it takes locks again as any node
    expect(await a.run("invoices.issue", 3, () => {})).toBe("ran");
  });

  test("two schedulers (two nodes) with the same jobs: each second's tick runs on one of them, never on both; a node's own job on both", async () => {
    const [a, b] = nodes(2, "sched");
    const ran: { node: string; second: number }[] = [];
    const make = (lock: PgJobLock) => {
      const s = new Scheduler("UTC", lock);
      s.add({ name: "campaigns.dispatch", pattern: "* * * * * *", run: () => void ran.push({ node: lock.nodeId, second: Math.floor(Date.now() / 1000) }) });
      return s;
    };
    const both = [make(a), make(b)];
    for (const s of both) s.start();
    await Bun.sleep(3_500);
    for (const s of both) s.stop();
    const perSecond = new Map<number, number>();
    for (const r of ran) perSecond.set(r.second, (perSecond.get(r.second) ?? 0) + 1);
    expect(perSecond.size).toBeGreaterThanOrEqual(3);
    expect([...perSecond.values()].every((n) => n === 1)).toBe(true);
    // a job of each node's own (its sockets, its disk) runs on every node, each tick
    const own: string[] = [];
    const perNode = [a, b].map((lock) => {
      const s = new Scheduler("UTC", lock);
      s.add({ name: "storage.check", everyNode: true, pattern: "* * * * * *", run: () => void own.push(lock.nodeId) });
      return s;
    });
    for (const s of perNode) s.start();
    await Bun.sleep(1_500);
    for (const s of perNode) s.stop();
    expect(new Set(own)).toEqual(new Set([a.nodeId, b.nodeId]));
    // a person's "run now" on a node runs there, whatever the ticks
    expect(await both[1].runNow("campaigns.dispatch")).toBe(true);
    expect(ran.at(-1)?.node).toBe(b.nodeId);
  }, 15_000);

  test("an error of the job is thrown after the lock is let go", async () => {
    const [a, b] = nodes(2, "err");
    await expect(a.run("backups.run", 1, () => Promise.reject(new Error("disk full")))).rejects.toThrow("disk full");
    expect(await b.run("backups.run", 2, () => {})).toBe("ran");
  });
});

test("the tick is the cron slot's scheduled time, the same whenever the timer fires within the slot", () => {
  const cron = new Cron("*/5 * * * * *", { paused: true, timezone: "UTC" });
  const slot = Date.parse("2026-11-26T12:00:05.000Z");
  expect(scheduledTick(cron, new Date(slot))).toBe(slot);
  expect(scheduledTick(cron, new Date(slot + 40))).toBe(slot);
  expect(scheduledTick(cron, new Date(slot + 4_999))).toBe(slot);
  expect(scheduledTick(cron, new Date(slot + 5_000))).toBe(slot + 5_000);
  cron.stop();
});

test("one box: every tick runs, overlapping runs of one job are refused", async () => {
  const lock = new LocalJobLock();
  let release = () => {};
  const slow = lock.run("x", 1, () => new Promise<void>((r) => (release = r)));
  expect(await lock.run("x", 2, () => {})).toBe("busy");
  expect(await lock.run("y", 2, () => {})).toBe("ran");
  release();
  expect(await slow).toBe("ran");
  expect(await lock.run("x", 1, () => {})).toBe("ran");
});
