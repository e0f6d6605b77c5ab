/**
 * Restoring a backup, always with the server stopped: `cli restore <archive>`, or a restore staged
 * from the UI and applied by the next boot before the database opens. The archive is extracted
 * and checked in full (every checksum, the manifest, the end marker, the schema version) into a
 * staging folder beside the data; only then is the current data moved aside and the restored data
 * moved in. Any failure leaves the data folder as it was.
 */
import { createHash } from "node:crypto";
import { createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { dirname, join, normalize } from "node:path";
import { createGunzip } from "node:zlib";
import { openDatabase, openDatabaseReadOnly } from "../db/client";
import { describeHolder, FolderBusyError, holdDataFolder, LOCK_FILE, legacyHolder } from "../db/instance-lock";
import { log } from "../lib/logger";
import { type BackupManifest, backupPath, backupsDir, codeSchema, databaseSchema } from "./backup";
import { checkIntegrityOffThread } from "./integrity";
import { readTar } from "./tar";

/** An archive that must not be restored; the message says why. Nothing was changed. */
export class RestoreError extends Error {}

const SAFE_NAME = /^(?!\/)(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9._@+=,\- /()]+$/;
const PENDING = "restore-pending.json";
const LAST = "last-restore.json";

/**
 * Reads an archive to the end, checking every file against the manifest; with `into`, extracts it
 * there (only the names in `only`, when given). Answers the manifest. Throws RestoreError for a
 * corrupt, truncated or foreign archive.
 */
export async function readArchive(file: string, into?: string, only?: ReadonlySet<string>): Promise<BackupManifest> {
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestText = "";
  let current: { name: string; size: number; hash: ReturnType<typeof createHash>; fh: FileHandle | null; isManifest: boolean } | null = null;
  try {
    await readTar(createReadStream(file).pipe(createGunzip()), {
      async onEntry(e) {
        if (!SAFE_NAME.test(e.name) || normalize(e.name) !== e.name || seen.has(e.name)) throw new RestoreError(`unexpected file in the archive: ${e.name}`);
        const isManifest = e.name === "manifest.json";
        if (isManifest && e.size > 64 * 1024 * 1024) throw new RestoreError("manifest too large");
        let fh: FileHandle | null = null;
        if (into && !isManifest && (!only || only.has(e.name))) {
          const target = join(into, e.name);
          mkdirSync(dirname(target), { recursive: true });
          fh = await open(target, "w", 0o600);
        }
        current = { name: e.name, size: e.size, hash: createHash("sha256"), fh, isManifest };
      },
      async onData(chunk) {
        const c = current as NonNullable<typeof current>;
        if (c.isManifest) manifestText += new TextDecoder().decode(chunk, { stream: true });
        else c.hash.update(chunk);
        if (c.fh) await c.fh.write(chunk);
      },
      async onEnd() {
        const c = current as NonNullable<typeof current>;
        if (c.fh) await c.fh.close();
        if (!c.isManifest) seen.set(c.name, { size: c.size, sha256: c.hash.digest("hex") });
        current = null;
      },
    });
  } catch (e) {
    const c = current as { fh: FileHandle | null } | null;
    await c?.fh?.close().catch(() => {});
    if (e instanceof RestoreError) throw e;
    throw new RestoreError(`the archive is corrupt or incomplete (${(e as Error).message ?? e})`);
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(manifestText);
  } catch {
    throw new RestoreError("the archive has no readable manifest: not a Balcão backup, or incomplete");
  }
  if (manifest?.app !== "balcao" || manifest.format !== 1 || !Array.isArray(manifest.files)) throw new RestoreError("not a Balcão backup");
  if (seen.size !== manifest.files.length) throw new RestoreError("the archive's files do not match its manifest");
  for (const f of manifest.files) {
    const got = seen.get(f.name);
    if (!got || got.size !== f.size || got.sha256 !== f.sha256) throw new RestoreError(`checksum mismatch for ${f.name}: the archive is corrupt`);
  }
  if (!seen.has("app.db")) throw new RestoreError("the archive holds no database");
  const code = codeSchema();
  if (manifest.schema.migrations > code.migrations || manifest.schema.last > code.last) {
    throw new RestoreError(
      `the backup is from a newer Balcão (${manifest.version}, schema ${manifest.schema.migrations}; this version knows ${code.migrations}): upgrade Balcão first`,
    );
  }
  return manifest;
}

function stamp() {
  return new Date().toISOString().replace(/[:.]/g, "-");
}

/**
 * Checks a restored database before it may replace the data: it opens, SQLite's full
 * integrity_check passes (off the server's thread), and its schema is the manifest's.
 */
async function checkRestoredDatabase(dbPath: string, manifest: BackupManifest) {
  const integrity = await checkIntegrityOffThread(dbPath, { full: true });
  if (!integrity.ok) throw new RestoreError(`the archive's database is damaged (${integrity.problems.slice(0, 3).join("; ")}): use another backup`);
  let schema: { migrations: number };
  try {
    const db = openDatabaseReadOnly(dbPath);
    try {
      schema = databaseSchema(db);
    } finally {
      db.sqlite.close();
    }
  } catch (e) {
    throw new RestoreError(`the archive's database cannot be read (${(e as Error).message}): use another backup`);
  }
  if (schema.migrations !== manifest.schema.migrations) {
    throw new RestoreError(
      `the archive's database is at schema ${schema.migrations} but its manifest says ${manifest.schema.migrations}: the archive is corrupt`,
    );
  }
}

/**
 * Verifies an archive in full without changing anything: every checksum, the manifest, the end of
 * the file, the schema, and its database (opens, passes integrity_check), extracted alone into a
 * scratch folder under `scratchParent` that is removed afterwards. Throws RestoreError.
 */
export async function verifyArchive(file: string, scratchParent: string): Promise<BackupManifest> {
  if (!existsSync(file)) throw new RestoreError(`no such file: ${file}`);
  const scratch = join(scratchParent, `.verify-${stamp()}-${process.pid}`);
  mkdirSync(scratch, { recursive: true, mode: 0o700 });
  try {
    const manifest = await readArchive(file, scratch, new Set(["app.db"]));
    await checkRestoredDatabase(join(scratch, "app.db"), manifest);
    return manifest;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Restores an archive into the data folder, holding the folder's lock for the whole time (refused
 * at once while a server runs on it; the server's boot applies a staged restore under its own lock).
 * The previous data is kept aside until the restored data is in place.
 */
export async function restoreArchive(dataDir: string, file: string): Promise<BackupManifest> {
  if (!existsSync(file)) throw new RestoreError(`no such file: ${file}`);
  let lock: Awaited<ReturnType<typeof holdDataFolder>>;
  try {
    lock = await holdDataFolder(dataDir, "restore");
  } catch (e) {
    if (e instanceof FolderBusyError) throw new RestoreError(`Balcão is running on this data folder: stop it first (${e.message})`);
    throw e;
  }
  try {
    return await restoreHeld(dataDir, file);
  } finally {
    lock.release();
  }
}

/**
 * Folds the current database's WAL into it before it is moved aside. A server older than the file
 * lock shows itself only by its row (refused). A current database too damaged to open is simply
 * moved aside: restoring over it is the point.
 */
function checkpointCurrent(dbPath: string) {
  let db: ReturnType<typeof openDatabase>;
  try {
    db = openDatabase(dbPath);
  } catch (e) {
    log.warn("the current database cannot be opened; it is kept aside as it is", { err: String(e) });
    return;
  }
  try {
    const old = legacyHolder(db);
    if (old) throw new RestoreError(`Balcão is running on this data folder (${describeHolder(old)}): stop it first`);
    db.sqlite.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  } catch (e) {
    if (e instanceof RestoreError) throw e;
    log.warn("the current database could not be checkpointed; it is kept aside as it is", { err: String(e) });
  } finally {
    db.sqlite.close();
  }
}

async function restoreHeld(dataDir: string, file: string): Promise<BackupManifest> {
  const staging = join(dataDir, `.restore-${stamp()}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  let manifest: BackupManifest;
  try {
    manifest = await readArchive(file, staging);
    // The lock file is this folder's own: never taken from an archive.
    rmSync(join(staging, LOCK_FILE), { force: true });
    await checkRestoredDatabase(join(staging, "app.db"), manifest);
    // Only a good archive gets this far (the current database is not touched before).
    const dbPath = join(dataDir, "app.db");
    if (existsSync(dbPath)) checkpointCurrent(dbPath);
  } catch (e) {
    rmSync(staging, { recursive: true, force: true });
    throw e;
  }
  // What the restore replaces: the database and every top-level entry of the archive (media only when it has them).
  const incoming = readdirSync(staging);
  const replaced = new Set([...incoming, "app.db-wal", "app.db-shm", "inbound-spool", ...(manifest.media ? ["media"] : [])]);
  const aside = join(dataDir, `.previous-${stamp()}`);
  mkdirSync(aside, { recursive: true, mode: 0o700 });
  const moved: string[] = [];
  try {
    for (const name of replaced) {
      if (!existsSync(join(dataDir, name))) continue;
      renameSync(join(dataDir, name), join(aside, name));
      moved.push(name);
    }
    for (const name of incoming) renameSync(join(staging, name), join(dataDir, name));
  } catch (e) {
    // Put the previous data back exactly as it was.
    for (const name of incoming) if (existsSync(join(dataDir, name)) && !moved.includes(name)) rmSync(join(dataDir, name), { recursive: true, force: true });
    for (const name of moved) {
      rmSync(join(dataDir, name), { recursive: true, force: true });
      renameSync(join(aside, name), join(dataDir, name));
    }
    rmSync(aside, { recursive: true, force: true });
    rmSync(staging, { recursive: true, force: true });
    throw new RestoreError(`restore failed, the previous data is back in place: ${(e as Error).message}`);
  }
  mkdirSync(join(dataDir, "media"), { recursive: true });
  rmSync(staging, { recursive: true, force: true });
  rmSync(aside, { recursive: true, force: true });
  return manifest;
}

/** A restore waiting for the next boot. */
export interface PendingRestore {
  name: string;
  requestedBy: string;
  requestedAt: string;
}

/** The outcome of the last staged restore (shown on the backups page). */
export interface LastRestore {
  name: string;
  ok: boolean;
  message: string;
  at: string;
}

/**
 * Stages a restore of a backup by name for the next boot, after verifying the archive in full
 * (verifyArchive: a corrupt one is refused now with RestoreError, not at the next boot); null when
 * there is no such backup.
 */
export async function stageRestore(dataDir: string, name: string, requestedBy: string): Promise<PendingRestore | null> {
  const file = backupPath(dataDir, name);
  if (!file) return null;
  await verifyArchive(file, dataDir);
  const pending = { name, requestedBy, requestedAt: new Date().toISOString() };
  writeFileSync(join(backupsDir(dataDir), PENDING), JSON.stringify(pending), { mode: 0o600 });
  return pending;
}

function readJson<T>(path: string): T | null {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as T;
  } catch {
    return null;
  }
}

export const pendingRestore = (dataDir: string) => readJson<PendingRestore>(join(backupsDir(dataDir), PENDING));
export const lastRestore = (dataDir: string) => readJson<LastRestore>(join(backupsDir(dataDir), LAST));

/** Cancels a staged restore; false when none was staged. */
export function cancelRestore(dataDir: string): boolean {
  const p = join(backupsDir(dataDir), PENDING);
  if (!existsSync(p)) return false;
  rmSync(p, { force: true });
  return true;
}

/**
 * At boot, before the database opens: applies a staged restore. A bad archive is refused and the
 * boot goes on with the current data; the outcome is kept for the backups page.
 */
export async function applyStagedRestore(dataDir: string): Promise<LastRestore | null> {
  const pending = pendingRestore(dataDir);
  if (!pending) return null;
  cancelRestore(dataDir);
  const file = backupPath(dataDir, pending.name);
  let result: LastRestore;
  try {
    if (!file) throw new RestoreError("the backup no longer exists");
    await restoreArchive(dataDir, file);
    result = { name: pending.name, ok: true, message: "restored", at: new Date().toISOString() };
    log.warn("staged restore applied", { backup: pending.name, requestedBy: pending.requestedBy });
  } catch (e) {
    result = { name: pending.name, ok: false, message: (e as Error).message, at: new Date().toISOString() };
    log.error("staged restore refused; starting with the current data", { backup: pending.name, err: result.message });
  }
  writeFileSync(join(backupsDir(dataDir), LAST), JSON.stringify(result), { mode: 0o600 });
  return result;
}
