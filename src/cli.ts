import { hashPassword } from "./lib/password";
import { endUserSessionsOffline } from "./modules/auth/sessions";
import { insertUser, setPasswordHash } from "./modules/users/accounts";
/**
 * Operator commands, run beside (or instead of) the server on the same data folder:
 *   bun run cli reset-password <email>   new generated password, ends the user's sessions
 *   bun run cli create-super <email>     a super admin in the platform company, generated password
 *   bun run cli backup                   consistent copy of the database: data/backups/<ts>.db
 *   bun run cli migrate                  apply pending migrations
 *   bun run cli healthcheck              exit 0 when the local server answers /health (Docker HEALTHCHECK)
 * The compiled binary accepts the same commands (`./balcao backup`). DATA_DIR selects the folder.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { loadConfig } from "./config";
import { type DB, openDatabase, refreshStatistics } from "./db/client";
import { migrate } from "./db/migrate";
import { generatePassword } from "./lib/ids";
import { companies } from "./modules/companies/schema";
import { users } from "./modules/users/schema";

export const CLI_COMMANDS = ["reset-password", "create-super", "backup", "migrate", "healthcheck", "help"] as const;

/** An operator mistake: printed without a stack trace, exit code 1. */
export class CliError extends Error {}

/** Sets a new generated password for the user and ends their sessions; answers the password. */
export async function resetPassword(db: DB, email: string): Promise<string> {
  const user = db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).get();
  if (!user) throw new CliError(`no user with email ${email}`);
  const password = generatePassword(16);
  // The printed password is a one-time one: it must be changed at the next sign-in.
  setPasswordHash(db, user.id, await hashPassword(password), true);
  // Ends every session; the running server closes the user's sockets at its next sweep.
  endUserSessionsOffline(db, user.id, "password reset by the operator");
  return password;
}

/** Creates a super admin in the platform company with a generated password; answers the password. */
export async function createSuper(db: DB, email: string): Promise<string> {
  const normalized = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(normalized)) throw new CliError(`invalid email: ${email}`);
  if (db.select({ id: users.id }).from(users).where(eq(users.email, normalized)).get()) {
    throw new CliError(`${normalized} already exists (use reset-password to give it a new password)`);
  }
  const platform = db.select().from(companies).where(eq(companies.isPlatform, true)).get();
  if (!platform) throw new CliError("no platform company yet: start Balcão once (bun start) to create it");
  const password = generatePassword(16);
  const passwordHash = await hashPassword(password);
  const name = normalized.split("@")[0];
  insertUser(db, { companyId: platform.id, name, email: normalized, passwordHash, profile: "admin", super: true, mustChangePassword: true });
  return password;
}

/** Writes a consistent copy of the database (VACUUM INTO) to <dataDir>/backups/<timestamp>.db. */
export function backup(db: DB, dataDir: string, now = new Date()): string {
  const dir = join(dataDir, "backups");
  mkdirSync(dir, { recursive: true });
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/:/g, "-");
  const file = join(dir, `${stamp}.db`);
  db.sqlite.run("VACUUM INTO ?", [file]);
  return file;
}

/** Asks the local server for /health (used by the Docker HEALTHCHECK; no curl in the image). */
async function healthcheck(port = "8080"): Promise<number> {
  try {
    const r = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(4000) });
    return r.ok ? 0 : 1;
  } catch {
    return 1;
  }
}

const USAGE = `usage: balcao-cli <command>
  reset-password <email>   print a new generated password for the user (ends their sessions)
  create-super <email>     create a super admin in the platform company, print its password
  backup                   copy the database to <DATA_DIR>/backups/<timestamp>.db
  migrate                  apply pending migrations
  healthcheck              exit 0 when the server on PORT answers /health
DATA_DIR selects the data folder (default ./data).`;

/** Runs one command; answers the process exit code. */
export async function runCli(argv: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  const [command, arg] = argv;
  process.umask(0o077);
  if (!command || command === "help" || command === "--help" || command === "-h") {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  if (!(CLI_COMMANDS as readonly string[]).includes(command)) {
    console.error(`unknown command: ${command}\n${USAGE}`);
    return 1;
  }
  if (command === "healthcheck") return healthcheck(env.PORT);
  const config = loadConfig(env);
  const db = openDatabase(config.dbPath);
  try {
    migrate(db);
    if (command === "migrate") {
      refreshStatistics(db);
      const applied = db.sqlite.query<{ n: number }, []>("SELECT count(*) AS n FROM __drizzle_migrations").get()?.n ?? 0;
      console.log(`migrations applied: ${applied} (database ${config.dbPath})`);
    } else if (command === "backup") {
      console.log(`backup written: ${backup(db, config.dataDir)}`);
    } else {
      if (!arg) throw new CliError(`${command} needs an email\n${USAGE}`);
      const password = command === "reset-password" ? await resetPassword(db, arg) : await createSuper(db, arg);
      console.log(`${command === "reset-password" ? "New password" : "Super admin created"} for ${arg.toLowerCase()}`);
      console.log(`password: ${password}`);
    }
    return 0;
  } catch (err) {
    if (err instanceof CliError) {
      console.error(`error: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    db.sqlite.close();
  }
}

if (import.meta.main) process.exit(await runCli(process.argv.slice(2)));
