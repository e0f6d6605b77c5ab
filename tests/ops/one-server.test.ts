/**
 * One server per data folder, also across containers: two processes in different PID namespaces
 * (each is PID 1 there, as every container's server is) share one data folder. The second server
 * must refuse to start, and `restore` / `migrate` must refuse while the first one runs.
 */
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabaseReadOnly } from "../../src/db/client";
import { balcaoEnv, type Child, IN_OWN_PID_NAMESPACE, listening, pidNamespacesAvailable, runBalcao, spawnBalcao } from "./processes";

const dir = mkdtempSync(join(tmpdir(), "balcao-one-server-"));
const children: Child[] = [];
afterAll(async () => {
  for (const c of children) if (c.proc.exitCode === null) await c.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

const available = pidNamespacesAvailable();
if (!available) console.warn("SKIPPED: `unshare --pid --fork --mount-proc` is not available here (needs root and util-linux)");

const usersNamed = (email: string) => {
  const db = openDatabaseReadOnly(join(dir, "app.db"));
  try {
    return db.sqlite.query<{ n: number }, [string]>("SELECT count(*) AS n FROM users WHERE email = ?").get(email)?.n ?? 0;
  } finally {
    db.sqlite.close();
  }
};

const holderRow = () => {
  const db = openDatabaseReadOnly(join(dir, "app.db"));
  try {
    return db.sqlite.query<{ owner: string }, []>("SELECT owner FROM instance_lock").get()?.owner;
  } finally {
    db.sqlite.close();
  }
};

test.skipIf(!available)(
  "a second server in another PID namespace refuses the folder; restore and migrate refuse while the first runs",
  async () => {
    const env = balcaoEnv(dir);
    const first = spawnBalcao(["src/main.ts"], env, IN_OWN_PID_NAMESPACE);
    children.push(first);
    const url = await listening(first);
    // Both servers are PID 1 of their namespace: only a lock the kernel holds can tell them apart.
    expect(holderRow()).toMatch(/^v2 server on .+ \(pid 1\) since /);

    const second = spawnBalcao(["src/main.ts"], env, IN_OWN_PID_NAMESPACE);
    children.push(second);
    expect(await second.exitedWithin(20_000)).toBe(1);
    await second.drained;
    expect(second.stderr()).toContain(`Balcão cannot start: the data folder ${dir} is in use by server on`);
    expect(second.stderr()).toContain("only one Balcão process may use a data folder");
    expect(second.output()).not.toContain("balcao listening");
    expect(second.stderr()).not.toMatch(/^\s+at /m);
    // The first one still serves.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    // A backup runs beside the server (by design); then a change the archive does not hold.
    const backup = await runBalcao(["src/cli.ts", "backup", "--no-media"], env);
    expect(backup.code).toBe(0);
    const archive = join(dir, "backups", readdirSync(join(dir, "backups")).find((n) => n.endsWith("-manual.tar.gz")) as string);
    expect((await runBalcao(["src/cli.ts", "create-super", "after-backup@ops.test"], env)).code).toBe(0);

    const restore = await runBalcao(["src/cli.ts", "restore", archive], env, IN_OWN_PID_NAMESPACE);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain("Balcão is running on this data folder: stop it first");
    expect(restore.stderr).toContain("nothing was changed");
    expect(usersNamed("after-backup@ops.test")).toBe(1);
    expect(readdirSync(dir).filter((n) => n.startsWith(".previous-") || n.startsWith(".restore-"))).toEqual([]);

    const migrate = await runBalcao(["src/cli.ts", "migrate"], env, IN_OWN_PID_NAMESPACE);
    expect(migrate.code).toBe(1);
    expect(migrate.stderr).toContain("migrate refused: the data folder");

    // Once the first server is gone (however it ended), the folder is free at once.
    await first.kill("SIGKILL");
    const restored = await runBalcao(["src/cli.ts", "restore", archive], env, IN_OWN_PID_NAMESPACE);
    expect(restored.code).toBe(0);
    expect(usersNamed("after-backup@ops.test")).toBe(0);
    const third = spawnBalcao(["src/main.ts"], env, IN_OWN_PID_NAMESPACE);
    children.push(third);
    await listening(third);
    expect(existsSync(join(dir, "instance.lock"))).toBe(true);
    await third.kill("SIGKILL");
  },
  90_000,
);
