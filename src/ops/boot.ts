/**
 * A boot that explains itself: the data folder is checked before anything is written to it, and
 * every fatal boot error (folder not writable, folder in use, damaged database, newer schema, full
 * disk, port in use) becomes one sentence that says what is wrong and what to do, printed without
 * a stack trace; the process exits 1.
 */
import { accessSync, constants, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { FolderBusyError } from "../db/instance-lock";
import { DatabaseUnreachableError } from "../db/open";
import { log } from "../lib/logger";
import { listBackups } from "./backup";
import { isStorageFullError } from "../core/storage";
import { UpgradeError } from "./upgrade";
import { SecretsMismatchError } from "../cluster/secrets";

/** Entries of the data folder the server writes; each must be writable when it exists. */
const WRITTEN = ["media", "backups", "inbound-spool", "app.db", "app.db-wal", "app.db-shm", "secrets.json", "instance.lock"];
/** Bytes written by the folder probe: a full disk fails it here, with a clear message, and not halfway through the boot. */
const PROBE_BYTES = 64 * 1024;

const code = (e: unknown) => String((e as { code?: string })?.code ?? "");

/** Removes the probe; in a folder we may not write even a missing file's removal is refused (EACCES). */
function removeQuietly(path: string) {
  try {
    rmSync(path, { force: true });
  } catch {
    // nothing was written there
  }
}

/** True inside a container (Docker writes /.dockerenv; a container's first process is PID 1). */
const inContainer = () => existsSync("/.dockerenv") || process.pid === 1;

/** The command that gives this process the folder: `sudo chown -R <uid>:<gid> <path>` (in a container, on the host's folder). */
function chownHint(path: string): string {
  const ids = `${process.getuid?.() ?? 10001}:${process.getgid?.() ?? 10001}`;
  if (inContainer()) return `sudo chown -R ${ids} <the host folder mounted at ${path}> (run on the host; this container runs as ${ids})`;
  return `sudo chown -R ${ids} ${path}`;
}

function ownerOf(path: string): string {
  try {
    const s = statSync(path);
    return `it belongs to uid ${s.uid}:${s.gid}${s.uid === 0 ? " (root)" : ""}, mode ${(s.mode & 0o777).toString(8)}`;
  } catch {
    return "its owner cannot be read";
  }
}

const whoAmI = () => `this process runs as uid ${process.getuid?.() ?? "?"}:${process.getgid?.() ?? "?"}`;

/**
 * Checks that the data folder exists (or can be created), is a folder, and that the server can
 * write in it and in what it holds; answers what is wrong and how to fix it, or null.
 */
export function checkDataFolder(dir: string): string | null {
  if (!existsSync(dir)) {
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
    } catch (e) {
      const parent = dirname(dir);
      if (code(e) === "EACCES" || code(e) === "EPERM") {
        return `the data folder ${dir} does not exist and cannot be created: ${whoAmI()} and may not write in ${parent} (${ownerOf(parent)}). Fix: sudo mkdir -p ${dir} && ${chownHint(dir)}`;
      }
      return `the data folder ${dir} cannot be created (${code(e) || (e as Error).message}): set DATA_DIR to a folder Balcão may write`;
    }
  }
  if (!statSync(dir).isDirectory()) return `DATA_DIR ${dir} is a file, not a folder: set DATA_DIR to a folder`;
  const probe = join(dir, `.write-test-${process.pid}`);
  try {
    writeFileSync(probe, new Uint8Array(PROBE_BYTES), { mode: 0o600 });
  } catch (e) {
    removeQuietly(probe);
    if (code(e) === "ENOSPC" || code(e) === "EDQUOT") return diskFull(dir);
    if (code(e) === "EROFS") return `the data folder ${dir} is on a read-only filesystem: mount it read-write`;
    return `the data folder ${dir} is not writable: ${whoAmI()} and ${ownerOf(dir)}. Fix: ${chownHint(dir)}`;
  }
  removeQuietly(probe);
  for (const name of WRITTEN) {
    const p = join(dir, name);
    if (!existsSync(p)) continue;
    try {
      accessSync(p, constants.R_OK | constants.W_OK);
      if (statSync(p).isDirectory()) accessSync(p, constants.X_OK);
    } catch {
      return `${p} is not writable: ${whoAmI()} and ${ownerOf(p)}. Fix: ${chownHint(dir)}`;
    }
  }
  return null;
}

function diskFull(dir: string): string {
  return `the data disk is full (the data folder ${dir}): free space (old archives in ${join(dir, "backups")}, other files on that disk) and start again`;
}

/** Where the boot was when it failed: what the messages name. */
export interface BootPlace {
  dataDir: string;
  dbPath: string;
  port: number;
  host: string;
}

const DAMAGED = /SQLITE_(CORRUPT|NOTADB)|file is not a database|database disk image is malformed/i;

/** The one sentence for a fatal boot error. */
export function describeBootError(e: unknown, at: BootPlace): string {
  if (e instanceof SecretsMismatchError) return e.message;
  const msg = (e as Error)?.message ?? String(e);
  if (e instanceof FolderBusyError || e instanceof UpgradeError || e instanceof DatabaseUnreachableError) return msg;
  if (DAMAGED.test(`${code(e)} ${msg}`)) {
    const newest = listBackups(at.dataDir)[0];
    const restore = newest
      ? `restore the newest backup: balcao restore ${join(at.dataDir, "backups", newest.name)}`
      : "restore a backup (balcao restore <archive>)";
    return `the database ${at.dbPath} is damaged (${msg}). With the server stopped, ${restore}; balcao doctor shows what is wrong`;
  }
  if (isStorageFullError(e)) return diskFull(at.dataDir);
  if (code(e) === "EADDRINUSE" || /address already in use|EADDRINUSE/i.test(msg)) {
    return `port ${at.port} on ${at.host} is already in use by another program: stop it, or set PORT to a free port`;
  }
  if ((code(e) === "EACCES" && /listen|port|bind/i.test(msg)) || /permission denied.*(listen|bind)/i.test(msg)) {
    return `port ${at.port} needs privileges this process does not have: use a port above 1023 (PORT), behind a proxy if needed`;
  }
  if (code(e).startsWith("SQLITE_READONLY") || code(e).startsWith("SQLITE_CANTOPEN")) {
    return `the database ${at.dbPath} cannot be written (${msg}): ${whoAmI()} and ${ownerOf(at.dbPath)}. Fix: ${chownHint(at.dataDir)}`;
  }
  if (code(e) === "EACCES" || code(e) === "EPERM") {
    return `a file of the data folder cannot be written (${msg}): ${whoAmI()}. Fix: ${chownHint(at.dataDir)}`;
  }
  if (code(e) === "ENOSPC" || code(e) === "EDQUOT") return diskFull(at.dataDir);
  return `${msg} (start with LOG_LEVEL=debug for details)`;
}

/** Prints the reason in one line on stderr, without a stack trace (LOG_LEVEL=debug logs it), and exits 1. */
export function failBoot(reason: string, err?: unknown): never {
  if (err) log.debug("boot failure details", { stack: (err as Error)?.stack ?? String(err) });
  console.error(`Balcão cannot start: ${reason}`);
  process.exit(1);
}
