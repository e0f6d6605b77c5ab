/**
 * Operator commands, run beside (or instead of) the server on the same data folder; see USAGE. The
 * compiled binary accepts the same commands (`./balcao backup`). DATA_DIR selects the folder.
 * Exit codes: 0 done, 1 refused or failed (the message says why), 2 wrong usage. Which command may
 * write what, and under which lock: src/ops/commands.ts.
 */
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { resolve } from "node:path";
import { eq } from "drizzle-orm";
import { createDeps } from "./app";
import { type Config, filesElsewhere, loadConfig } from "./config";
import type { DB } from "./core/db";
import { pgClientOf, redactUrl } from "./db/pg-client";
import { openPostgresChecked } from "./db/open";
import { SESSION_TOPIC, type SessionCommand } from "./inbound/session-cluster";
import { describeNodes, drainNode, rebalance } from "./ops/drain";
import { type TopicBody, topicOf } from "./realtime/bus";
import { PgBus } from "./realtime/bus-pg";
import { generatePassword } from "./lib/ids";
import { hashPassword } from "./lib/password";
import { resetSecondFactorOffline } from "./modules/auth";
import { endUserSessionsOffline } from "./modules/auth";
import * as schema from "./schema";
import { companies } from "./modules/companies";
import { insertUser, setPasswordHash } from "./modules/users";
import { users } from "./modules/users";
import { BackupBusyError, createBackup, POSTGRES_BACKUPS, POSTGRES_RESTORES } from "./ops/backup";
import { CliError, migrateCommand, migratePostgresCommand, openCommandDatabase, reindexCommand, requireCurrentSchema } from "./ops/commands";
import { closeDatabase } from "./db/open";
import { NOT_COPIED } from "./ops/copy-tables";
import { fileStoreCheck, runDoctor } from "./ops/doctor";
import { migrateToPostgres } from "./ops/migrate-to-postgres";
import { RestoreError, restoreArchive, verifyArchive } from "./ops/restore";
import { UpgradeError } from "./ops/upgrade";

export { CliError };

export const CLI_COMMANDS = [
  "reset-password",
  "reset-2fa",
  "create-super",
  "backup",
  "restore",
  "verify",
  "migrate",
  "reindex",
  "migrate-to-postgres",
  "jobs",
  "drain",
  "rebalance",
  "doctor",
  "healthcheck",
  "help",
] as const;

/** Sets a new generated password for the user and ends their sessions; answers the password. */
export async function resetPassword(db: DB, email: string): Promise<string> {
  const user = (await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1))[0];
  if (!user) throw new CliError(`no user with email ${email}`);
  const password = generatePassword(16);
  // The printed password is a one-time one: it must be changed at the next sign-in.
  await setPasswordHash(db, user.id, await hashPassword(password), true);
  // Ends every session; the running server closes the user's sockets at its next sweep.
  await endUserSessionsOffline(db, user.id, "password reset by the operator");
  return password;
}

/** Creates a super admin in the platform company with a generated password; answers the password. */
export async function createSuper(db: DB, email: string): Promise<string> {
  const normalized = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(normalized)) throw new CliError(`invalid email: ${email}`);
  if ((await db.select({ id: users.id }).from(users).where(eq(users.email, normalized)).limit(1))[0]) {
    throw new CliError(`${normalized} already exists (use reset-password to give it a new password)`);
  }
  const platform = (await db.select().from(companies).where(eq(companies.isPlatform, true)).limit(1))[0];
  if (!platform) throw new CliError("no platform company yet: start Balcão once (bun start) to create it");
  const password = generatePassword(16);
  const passwordHash = await hashPassword(password);
  const name = normalized.split("@")[0];
  await insertUser(db, { companyId: platform.id, name, email: normalized, passwordHash, profile: "admin", super: true, mustChangePassword: true });
  return password;
}

/** Asks the local server for /healthz (used by the Docker HEALTHCHECK; no curl in the image). */
async function healthcheck(port = "8080"): Promise<number> {
  try {
    const r = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(4000) });
    return r.ok ? 0 : 1;
  } catch {
    return 1;
  }
}

const HELP: Record<string, string> = {
  "reset-password": "reset-password <email>   print a new generated password for the user (ends their sessions)",
  "reset-2fa": "reset-2fa <email>        remove the user's second factors (app, passkeys, recovery codes), end their sessions",
  "create-super": "create-super <email>     create a super admin in the platform company, print its password",
  backup:
    "backup [--no-media]      write data/backups/balcao-<time>-manual.tar.gz (database, media, secrets,\n                           sessions, manifest with checksums) while the server runs",
  restore:
    "restore <archive>        with the server stopped: check the archive, then replace the data with it\n                           (the previous data is kept aside until the restore succeeded)",
  verify:
    "verify <archive>         check an archive (checksums, manifest, schema, its database's integrity) without\n                           changing anything",
  migrate: "migrate                  with the server stopped: back up the database, then apply pending migrations",
  reindex: "reindex                  with the server stopped: rebuild the full-text index of messages (search)",
  "migrate-to-postgres":
    "migrate-to-postgres <url>  with the server stopped: copy this installation's database into an empty PostgreSQL\n                           database (postgres://user:password@host/db, or DATABASE_URL); media stay in the data folder",
  jobs: "jobs [list | run <name>]  list the background jobs, or run one now",
  drain:
    "drain [<node> [--undo]]  PostgreSQL: the node hands its WhatsApp sessions to the other nodes and keeps serving\n                           HTTP (--undo: it takes sessions again); without a node, list the nodes and their sessions",
  rebalance:
    "rebalance                PostgreSQL: even the WhatsApp sessions out over the live nodes (after an upgrade node by\n                           node), moving one at a time; each logs in again on its new node without a QR",
  doctor:
    "doctor                   check permissions, disk space, database integrity, search index, WAL size,\n                           connections, backups, the file store (only reads: never creates or migrates anything)",
  healthcheck: "healthcheck              exit 0 when the server on PORT answers /healthz (Docker HEALTHCHECK)",
};

const USAGE = `usage: balcao-cli <command> [--help]
${Object.values(HELP)
  .map((l) => `  ${l}`)
  .join("\n")}
DATA_DIR selects the data folder (default ./data). Exit codes: 0 done, 1 refused or failed, 2 wrong usage.`;

/** Runs one command; answers the process exit code. */
export async function runCli(argv: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  const [command, ...rest] = argv;
  process.umask(0o077);
  if (!command || command === "help" || command === "--help" || command === "-h") {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  if (!(CLI_COMMANDS as readonly string[]).includes(command)) {
    console.error(`unknown command: ${command}\n${USAGE}`);
    return 2;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    console.log(`usage: balcao-cli ${HELP[command]}`);
    return 0;
  }
  const arg = rest.find((a) => !a.startsWith("--"));
  if (command === "healthcheck") return healthcheck(env.PORT);
  try {
    return await run(command, rest, arg, env);
  } catch (err) {
    if (err instanceof RestoreError) {
      console.error(`error: ${err.message}; nothing was changed`);
      return 1;
    }
    if (err instanceof CliError) {
      console.error(`error: ${err.message}`);
      return err.code;
    }
    if (err instanceof UpgradeError || err instanceof BackupBusyError) {
      console.error(`error: ${err.message}`);
      return 1;
    }
    // Anything else: one line for the operator; the stack only when asked for.
    console.error(`error: ${(err as Error)?.message ?? err}`);
    if (env.LOG_LEVEL === "debug") console.error((err as Error)?.stack);
    return 1;
  }
}

/** Commands that only read: no folder, secrets or database is created, nothing is migrated or written. */
const READ_ONLY = new Set(["doctor", "verify", "migrate-to-postgres", "drain", "rebalance"]);

async function run(command: string, rest: string[], arg: string | undefined, env: Record<string, string | undefined>): Promise<number> {
  const config = loadConfig(env, { readOnly: READ_ONLY.has(command) });
  // On PostgreSQL (DATABASE_URL) the archives of the data folder are not its backups: PostgreSQL's tools are.
  if (config.databaseUrl && command === "backup") throw new CliError(POSTGRES_BACKUPS);
  if (config.databaseUrl && command === "restore") throw new CliError(POSTGRES_RESTORES);
  if (command === "restore" || command === "verify") {
    if (!arg) throw new CliError(`${command} needs an archive\nusage: balcao-cli ${HELP[command]}`, 2);
    const file = resolve(arg);
    const manifest = command === "restore" ? await restoreArchive(config.dataDir, file) : await verifyArchive(file, scratchFor(config));
    console.log(
      `${command === "restore" ? "restored" : "archive ok"}: ${file} (Balcão ${manifest.version}, schema ${manifest.schema.migrations}, ` +
        `${manifest.files.length} files, taken ${manifest.createdAt})`,
    );
    if (command === "restore") console.log("start Balcão: pending migrations run at boot");
    return 0;
  }
  if (command === "doctor") {
    const checks = await runDoctor(config);
    if (existsSync(config.dataDir)) checks.push(await fileStoreCheck(config));
    for (const c of checks) console.log(`${c.level === "ok" ? "ok  " : c.level === "warn" ? "warn" : "FAIL"}  ${c.name}: ${c.detail}`);
    return checks.some((c) => c.level === "fail") ? 1 : 0;
  }
  if (command === "migrate" && config.databaseUrl) {
    const { applied } = await migratePostgresCommand(config.databaseUrl);
    console.log(`migrations applied now: ${applied} (database ${redactUrl(config.databaseUrl)})`);
    return 0;
  }
  if (command === "migrate") {
    const upgraded = await migrateCommand(config);
    console.log(`migrations applied now: ${upgraded.applied}${upgraded.backup ? ` (backup first: ${upgraded.backup})` : ""} (database ${config.dbPath})`);
    return 0;
  }
  if (command === "migrate-to-postgres") {
    const url = arg ?? env.DATABASE_URL;
    if (!url) throw new CliError(`migrate-to-postgres needs the PostgreSQL URL\nusage: balcao-cli ${HELP[command]}`, 2);
    const r = await migrateToPostgres(config, url, { tables: schema, onProgress: progressPrinter() });
    for (const t of r.tables) {
      console.log(
        `  ${t.table.padEnd(24)} ${String(t.rows).padStart(10)} rows${t.copied === null ? `  not copied (${NOT_COPIED[t.table]})` : `  copied, counts equal (${t.ms} ms)`}`,
      );
    }
    if (r.nulReplaced) console.log(`${r.nulReplaced} text values held a NUL character, which PostgreSQL cannot store: each was replaced by U+FFFD`);
    console.log(`moved to ${redactUrl(url)} in ${(r.ms / 1000).toFixed(1)} s; search index: ${r.searchIndexed} messages`);
    console.log(
      `media files, secrets.json and backups stay in ${config.dataDir}: start Balcão with DATABASE_URL set to this database and this DATA_DIR to serve from PostgreSQL (app.db is no longer written)`,
    );
    return 0;
  }
  if (command === "drain") return await drain(config, rest, arg);
  if (command === "rebalance") return await rebalanceCommand(config);
  if (command === "reindex" && config.databaseUrl) {
    console.log("PostgreSQL keeps the search index itself (an expression index on messages): nothing to rebuild");
    return 0;
  }
  if (command === "reindex") {
    const r = await reindexCommand(config);
    console.log(`full-text index rebuilt: ${r.rows} messages in ${r.ms} ms (database ${config.dbPath})`);
    return 0;
  }
  const db = await openCommandDatabase(config);
  try {
    // A backup copies the database whatever its schema (the manifest records it); the rest need this version's.
    if (command === "backup") {
      const b = await createBackup(db, config.dataDir, { kind: "manual", media: !rest.includes("--no-media"), filesIn: filesElsewhere(config.blobs) });
      const bytes = b.manifest.files.reduce((n, f) => n + f.size, 0);
      console.log(`backup written: ${b.path} (${b.manifest.files.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MB before compression)`);
      return 0;
    }
    await requireCurrentSchema(db);
    if (command === "jobs") return await jobs(db, config, rest, arg);
    if (!arg) throw new CliError(`${command} needs an email\nusage: balcao-cli ${HELP[command]}`, 2);
    if (command === "reset-2fa") {
      if (!(await resetSecondFactorOffline(db, arg))) throw new CliError(`no user with email ${arg}`);
      console.log(`second factor removed for ${arg.toLowerCase()}: their sessions ended; the password alone signs in now`);
      return 0;
    }
    const password = command === "reset-password" ? await resetPassword(db, arg) : await createSuper(db, arg);
    console.log(`${command === "reset-password" ? "New password" : "Super admin created"} for ${arg.toLowerCase()}`);
    console.log(`password: ${password}`);
    return 0;
  } finally {
    await closeDatabase(db);
  }
}

/** `drain [node] [--undo]`: on PostgreSQL only (one box runs every session itself). */
async function drain(config: Config, rest: string[], arg: string | undefined): Promise<number> {
  if (!config.databaseUrl)
    throw new CliError("drain moves WhatsApp sessions between nodes sharing a PostgreSQL database (DATABASE_URL): one box has nothing to drain");
  const sql = pgClientOf(await openPostgresChecked(config.databaseUrl));
  try {
    if (!arg) for (const line of await describeNodes(sql)) console.log(line);
    else console.log(await drainNode(sql, arg, rest.includes("--undo")));
    return 0;
  } finally {
    await sql.end({ timeout: 2 });
  }
}

/** `rebalance`: on PostgreSQL only; the commands reach the nodes over their bus (the topic they listen to). */
async function rebalanceCommand(config: Config): Promise<number> {
  if (!config.databaseUrl)
    throw new CliError("rebalance moves WhatsApp sessions between nodes sharing a PostgreSQL database (DATABASE_URL): one box runs them all");
  const sql = pgClientOf(await openPostgresChecked(config.databaseUrl));
  const bus = await PgBus.open<TopicBody>(config.databaseUrl, { nodeId: `balcao-cli:${process.pid}:${crypto.randomUUID().slice(0, 8)}` });
  try {
    return (await rebalance(sql, topicOf<SessionCommand>(bus, SESSION_TOPIC), (line) => console.log(line))) ? 0 : 1;
  } finally {
    await bus.close();
    await sql.end({ timeout: 2 });
  }
}

/** Prints a table's progress when it starts, every few seconds and when it ends. */
function progressPrinter() {
  let last = 0;
  return (table: string, done: number, total: number) => {
    const now = Date.now();
    if (done !== 0 && done !== total && now - last < 5_000) return;
    last = now;
    console.log(`${table}: ${done}/${total}`);
  };
}

/** Where `verify` extracts the archive's database to check it: the data folder's disk when there is one. */
const scratchFor = (config: Config) => (existsSync(config.dataDir) ? config.dataDir : tmpdir());

async function jobs(db: DB, config: Config, rest: string[], arg: string | undefined): Promise<number> {
  const deps = createDeps(db, config);
  if (!arg || arg === "list") {
    for (const j of deps.jobs.list() as { name: string; pattern: string }[]) console.log(`${j.name.padEnd(28)} ${j.pattern}`);
    return 0;
  }
  if (arg !== "run") throw new CliError(`unknown jobs subcommand: ${arg}\nusage: balcao-cli ${HELP.jobs}`, 2);
  const name = rest.filter((a) => !a.startsWith("--"))[1];
  if (!name) throw new CliError(`jobs run needs a job name\nusage: balcao-cli ${HELP.jobs}`, 2);
  if (!(await deps.jobs.runNow(name))) throw new CliError(`no job named ${name} (see: jobs list)`);
  const state = (deps.jobs.list() as { name: string; lastError: string | null; lastDurationMs: number | null }[]).find((j) => j.name === name);
  if (state?.lastError) throw new CliError(`job ${name} failed: ${state.lastError}`);
  console.log(`job ${name} done in ${state?.lastDurationMs ?? 0} ms`);
  return 0;
}

if (import.meta.main) process.exit(await runCli(process.argv.slice(2)));
