/**
 * A first boot that explains itself: the real server (`bun run src/main.ts`) on folders an operator
 * really meets — owned by root, damaged, written by a newer version, on a full disk, a port taken,
 * a bad variable — says what is wrong and what to do in one sentence, exits 1, and prints no stack.
 */
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { Database } from "bun:sqlite";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { createTestDatabase } from "../support/postgres";
import { AS_NOBODY, balcaoEnv, IN_OWN_PID_NAMESPACE, listening, runBalcao, setprivAvailable, spawnBalcao } from "./processes";

// Each test boots the real server in a child process: seconds on a loaded machine, not bun's 5 s default.
setDefaultTimeout(30_000);

const root = mkdtempSync(join(tmpdir(), "balcao-boot-"));
// The parent must be traversable by the unprivileged child (mkdtemp makes it 0700).
chmodSync(root, 0o755);
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const folder = () => {
  const d = join(root, `f${++n}`);
  mkdirSync(d, { mode: 0o755 });
  return d;
};

/** Boots the real server on `dir`; answers its exit code and stderr. */
const boot = (dir: string, extra: Record<string, string> = {}, wrap: string[] = []) => runBalcao(["src/main.ts"], balcaoEnv(dir, extra), wrap, 30_000);

/** One sentence on stderr, exit 1, no stack trace, no source excerpt, the server never listened. */
function refused(r: { code: number; stderr: string; output: string }, ...says: (string | RegExp)[]) {
  expect(r.code).toBe(1);
  expect(r.stderr).toContain("Balcão cannot start: ");
  for (const s of says) expect(r.stderr).toMatch(s);
  expect(r.stderr).not.toMatch(/^\s+at /m);
  expect(r.stderr).not.toMatch(/^\s*\d+ \| /m);
  expect(r.output).not.toContain("balcao listening");
}

const nobody = setprivAvailable();
if (!nobody) console.warn("SKIPPED (permissions): setpriv to uid 65534 needs root and util-linux");

describe("a data folder the server may not write", () => {
  test.skipIf(!nobody)("a root-owned folder (a host folder mounted as /app/data): the owner and the exact chown", async () => {
    const dir = folder();
    const r = await boot(dir, {}, AS_NOBODY);
    refused(r, `the data folder ${dir} is not writable`, "runs as uid 65534:65534", "belongs to uid 0:0 (root)", "sudo chown -R 65534:65534");
    expect(r.stderr).not.toContain("EACCES");
  });

  test.skipIf(!nobody)("a folder that does not exist under a parent the server may not write", async () => {
    const dir = join(folder(), "data");
    refused(await boot(dir, {}, AS_NOBODY), `the data folder ${dir} does not exist and cannot be created`, `sudo mkdir -p ${dir}`);
  });

  test.skipIf(!nobody)("the folder is the server's but a root-owned database inside is not", async () => {
    const dir = folder();
    chownSync(dir, 65534, 65534);
    const db = new Database(join(dir, "app.db"), { create: true });
    db.close();
    chmodSync(join(dir, "app.db"), 0o600);
    refused(await boot(dir, {}, AS_NOBODY), `${join(dir, "app.db")} is not writable`, "sudo chown -R 65534:65534");
  });
});

describe("fatal boot errors", () => {
  test("a database that is not one (overwritten, truncated to garbage): damaged, restore a backup", async () => {
    const dir = folder();
    writeFileSync(join(dir, "app.db"), crypto.getRandomValues(new Uint8Array(16_384)));
    refused(await boot(dir), `the database ${join(dir, "app.db")} is damaged`, "restore a backup", "balcao doctor");
  });

  test("a database written by a newer Balcão", async () => {
    const dir = folder();
    expect((await runBalcao(["src/cli.ts", "migrate"], balcaoEnv(dir))).code).toBe(0);
    const db = new Database(join(dir, "app.db"));
    db.run("INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('future', ?)", [Date.now() + 10 * 365 * 86_400_000]);
    db.close();
    refused(await boot(dir), "the database was written by a newer Balcão", "run the newer version, or restore a backup");
  });

  test("a port already in use by another program", async () => {
    const other = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("other") });
    try {
      refused(await boot(folder(), { PORT: String(other.port) }), `port ${other.port} on 127.0.0.1 is already in use by another program`);
    } finally {
      other.stop(true);
    }
  });

  test("an invalid variable names the variable", async () => {
    refused(await boot(folder(), { PORT: "eighty" }), "invalid configuration", /PORT: /);
  });

  const canMount = IN_OWN_PID_NAMESPACE.length > 0 && Bun.spawnSync(["unshare", "--mount", "true"]).exitCode === 0;
  test.skipIf(!canMount)("a full data disk (a 1 MB tmpfs, filled)", async () => {
    const dir = folder();
    // A private mount namespace: the tiny disk exists for the server only.
    const script = `mount -t tmpfs -o size=1m tmpfs '${dir}' && (head -c 2000000 /dev/zero > '${dir}/fill' 2>/dev/null; true) && exec "$@"`;
    const r = await runBalcao(["src/main.ts"], balcaoEnv(dir), ["unshare", "--mount", "sh", "-c", script, "sh"], 30_000);
    refused(r, `the data disk is full (the data folder ${dir})`, "free space");
  });
});

describe("serving from PostgreSQL (DATABASE_URL)", () => {
  const dropLater: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of dropLater) await drop();
  });
  /** An empty database on the test cluster; its URL carries a password (trust authentication ignores it) to be hidden. */
  async function emptyDatabase() {
    const t = await createTestDatabase({ migrated: false });
    dropLater.push(t.drop);
    return t.url.replace("postgres://postgres@", "postgres://postgres:hidden-pw-42@");
  }

  test("an empty database: migrated at boot, ready, people sign in, a customer's message becomes a ticket; a stop ends cleanly", async () => {
    const url = await emptyDatabase();
    const dir = folder();
    const server = spawnBalcao(["src/main.ts"], balcaoEnv(dir, { DATABASE_URL: url }));
    try {
      const base = await listening(server);
      expect(server.output()).toContain('"msg":"database upgraded"');
      const ready = await fetch(`${base}/readyz`);
      expect({ status: ready.status, body: await ready.json() }).toMatchObject({
        status: 200,
        body: { dbWritable: true, migrated: true, ready: true, node: { busListening: true, jobLock: true } },
      });
      // A node of several (src/node.ts): its id in the readiness answer and in the listening line.
      expect(server.output()).toContain(`"node":"${(await (await fetch(`${base}/readyz`)).json()).node.id}"`);
      const login = await fetch(`${base}/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "root@ops.test", password: "root-pass-123" }),
      });
      expect(login.status).toBe(200);
      const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}`, "content-type": "application/json" };
      const created = await fetch(`${base}/whatsapp`, { method: "POST", headers: auth, body: JSON.stringify({ name: "Sandbox", channel: "sandbox" }) });
      expect(created.status).toBe(201);
      const connId = ((await created.json()) as { id: number }).id;
      const sent = await fetch(`${base}/sandbox/${connId}/messages`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ number: "5511912345678", name: "Maria Cliente", body: "Olá, quero um orçamento" }),
      });
      expect(sent.status).toBe(201);
      const list = (await (await fetch(`${base}/tickets?status=pending`, { headers: auth })).json()) as {
        tickets: { contact: { number: string }; lastMessage: string }[];
      };
      expect(list.tickets.find((x) => x.contact.number === "5511912345678")).toMatchObject({ lastMessage: "Olá, quero um orçamento" });
      // The rows are in PostgreSQL, and SQLite's file was never made.
      const sql = postgres(url, { max: 1, onnotice: () => {} });
      try {
        expect((await sql`select count(*)::int as n from tickets`)[0].n).toBe(1);
      } finally {
        await sql.end();
      }
      expect(await Bun.file(join(dir, "app.db")).exists()).toBe(false);
      await server.kill("SIGTERM");
      expect(server.proc.exitCode).toBe(0);
    } finally {
      if (server.proc.exitCode === null) await server.kill("SIGKILL");
    }
    expect(server.output()).not.toContain("hidden-pw-42");
  });

  test("a database written by a newer Balcão is refused, and left as it was", async () => {
    const url = await emptyDatabase();
    const migrated = await runBalcao(["src/cli.ts", "migrate"], balcaoEnv(folder(), { DATABASE_URL: url }));
    expect(migrated.code).toBe(0);
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('future', ${Date.now() + 10 * 365 * 86_400_000})`;
      const before = (await sql`select count(*)::int as n from drizzle.__drizzle_migrations`)[0].n;
      refused(await boot(folder(), { DATABASE_URL: url }), "the database was written by a newer Balcão", "run the newer version");
      expect((await sql`select count(*)::int as n from drizzle.__drizzle_migrations`)[0].n).toBe(before);
      expect((await sql`select count(*)::int as n from users`)[0].n).toBe(0);
    } finally {
      await sql.end();
    }
  });

  test("operator commands on PostgreSQL: doctor reads the server, schema and rows; backup and restore say it is PostgreSQL's job", async () => {
    const url = await emptyDatabase();
    const dir = folder();
    expect((await runBalcao(["src/cli.ts", "migrate"], balcaoEnv(dir, { DATABASE_URL: url }))).code).toBe(0);
    const doctor = await runBalcao(["src/cli.ts", "doctor"], balcaoEnv(dir, { DATABASE_URL: url }));
    expect(doctor.code).toBe(0);
    expect(doctor.output).toMatch(/ok {4}database: PostgreSQL \d+.* at postgres:\/\/postgres:\*\*\*@.*answers and takes writes/);
    expect(doctor.output).toMatch(/ok {4}schema: (\d+) of \1 migrations applied/);
    expect(doctor.output).toContain("ok    rows: companies 0, users 0");
    expect(doctor.output).not.toContain("quick_check");
    const backup = await runBalcao(["src/cli.ts", "backup"], balcaoEnv(dir, { DATABASE_URL: url }));
    expect(backup.code).toBe(1);
    expect(backup.stderr.trim().split("\n")).toEqual([expect.stringContaining("back it up with PostgreSQL's tools (pg_dump")]);
    expect(await Bun.file(join(dir, "backups")).exists()).toBe(false);
    const restore = await runBalcao(["src/cli.ts", "restore", "/nonexistent.tar.gz"], balcaoEnv(dir, { DATABASE_URL: url }));
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain("restore PostgreSQL with its own tools");
    for (const r of [doctor, backup, restore]) expect(r.output).not.toContain("hidden-pw-42");
  });

  test("a server that cannot be reached: one line naming it, the password hidden", async () => {
    const r = await boot(folder(), { DATABASE_URL: "postgres://balcao:very-secret-pw@127.0.0.1:1/balcao" });
    refused(r, "PostgreSQL at postgres://balcao:***@127.0.0.1:1/balcao cannot be used", "check DATABASE_URL");
    expect(r.output).not.toContain("very-secret-pw");
  });

  test("a URL that is not PostgreSQL's names the variable", async () => {
    refused(await boot(folder(), { DATABASE_URL: "mysql://root@db/balcao" }), "invalid configuration", /DATABASE_URL: must be a PostgreSQL URL/);
  });
});
