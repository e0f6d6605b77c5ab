/**
 * Backups: one `.tar.gz` per backup in `data/backups/`, holding a consistent copy of the database
 * (VACUUM INTO, taken while the server runs), `secrets.json`, `media/`, the inbound spool and any
 * other file of the data folder (WhatsApp sessions live in the database), and last a `manifest.json`
 * with the app version, schema version, sizes and SHA-256 checksums. Written as a stream: memory
 * stays flat whatever the media folder weighs.
 */
import { createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import pkg from "../../package.json";
import type { DB } from "../core/db";
import { LOCK_FILE } from "../db/instance-lock";
import { loadMigrations } from "../db/migrate";
import { BALLAST_FILE } from "./storage";
import { type TarInput, type TarWritten, tarStream } from "./tar";

export const BACKUPS_DIR = "backups";
export type BackupKind = "manual" | "scheduled" | "pre-migration";
export const BACKUP_NAME = /^balcao-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z-(manual|scheduled|pre-migration)(-\d+)?\.tar\.gz$/;

/** The schema a database is at: how many migrations it has applied and the newest one's time. */
export interface SchemaVersion {
  migrations: number;
  last: number;
}

export interface BackupManifest {
  format: 1;
  app: "balcao";
  version: string;
  schema: SchemaVersion;
  createdAt: string;
  kind: BackupKind;
  /** False for a database-only backup (before a migration, or files in a bucket): restoring it leaves media as they are. */
  media: boolean;
  /**
   * Where the files were when the backup was taken, when not in this archive: `s3://bucket/prefix` (S3_URL). The
   * archive then holds the database and the settings; the files stay in the bucket (keep them with its versioning).
   */
  filesIn?: string;
  files: TarWritten[];
}

export interface BackupInfo {
  name: string;
  size: number;
  createdAt: string;
  kind: BackupKind;
}

export interface BackupProgress {
  name: string;
  kind: BackupKind;
  bytesDone: number;
  bytesTotal: number;
  startedAt: string;
}

/** A backup is already being written for this data folder. */
export class BackupBusyError extends Error {}

/**
 * Why Balcão writes no backup archive on PostgreSQL (one line: the CLI prints it, the API answers ERR_BACKUP_POSTGRES):
 * the archive's database is SQLite's file (VACUUM INTO), and a PostgreSQL database is backed up by PostgreSQL's tools.
 */
export const POSTGRES_BACKUPS =
  "the database is PostgreSQL (DATABASE_URL): back it up with PostgreSQL's tools (pg_dump, or the host's snapshots); Balcão's backup archives hold the SQLite database, so none is written";
/** The same for restores: an archive restores SQLite's file, never a PostgreSQL database. */
export const POSTGRES_RESTORES =
  "the database is PostgreSQL (DATABASE_URL): a backup archive restores the SQLite database of the data folder; restore PostgreSQL with its own tools (pg_restore, the host's snapshots)";

/** A backup or restore asked of a server on PostgreSQL (see POSTGRES_BACKUPS). */
export class BackupOnPostgresError extends Error {}

/** Top-level entries of the data folder never put in a backup. */
const EXCLUDED = new Set([BACKUPS_DIR, "app.db", "app.db-wal", "app.db-shm", "app.db-journal", BALLAST_FILE, LOCK_FILE, `${LOCK_FILE}-journal`]);
const isExcluded = (name: string) => EXCLUDED.has(name) || name.startsWith(".restore-") || name.startsWith(".previous-") || name.startsWith(".verify-");

const running = new Map<string, BackupProgress>();

export const backupsDir = (dataDir: string) => join(dataDir, BACKUPS_DIR);

/** The code's schema: what a database migrated by this version is at. */
export function codeSchema(): SchemaVersion {
  const all = loadMigrations();
  return { migrations: all.length, last: all.at(-1)?.folderMillis ?? 0 };
}

/** The schema a database is at (0 migrations for a new one). */
export function databaseSchema(db: DB): SchemaVersion {
  const exists = db.sqlite.query<{ n: number }, []>("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get();
  if (!exists?.n) return { migrations: 0, last: 0 };
  const row = db.sqlite.query<{ n: number; last: number | null }, []>("SELECT count(*) AS n, max(created_at) AS last FROM __drizzle_migrations").get();
  return { migrations: row?.n ?? 0, last: Number(row?.last ?? 0) };
}

/** Every file of the data folder that goes in a backup, with its name inside the archive. */
export function dataFiles(dataDir: string, media = true): { name: string; path: string; size: number }[] {
  const out: { name: string; path: string; size: number }[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      const rel = relative(dataDir, p).split("\\").join("/");
      if (dir === dataDir && (isExcluded(e.name) || (!media && e.name === "media"))) continue;
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.push({ name: rel, path: p, size: statSync(p).size });
    }
  };
  walk(dataDir);
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

function stampOf(now: Date) {
  return now
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/:/g, "-");
}

/** The backup being written for this data folder, if any. */
export const backupProgress = (dataDir: string): BackupProgress | null => running.get(dataDir) ?? null;

/**
 * Writes a backup archive and answers its path and manifest. The database copy is consistent
 * (VACUUM INTO runs in one read transaction); media written meanwhile may or may not be in it.
 */
export async function createBackup(db: DB, dataDir: string, opts: { kind?: BackupKind; media?: boolean; now?: Date; filesIn?: string } = {}) {
  if (db.engine === "pg") throw new BackupOnPostgresError(POSTGRES_BACKUPS);
  const kind = opts.kind ?? "manual";
  // Files in a bucket are not copied into the archive (they are not in the data folder).
  const media = !opts.filesIn && (opts.media ?? kind !== "pre-migration");
  if (running.has(dataDir)) throw new BackupBusyError("a backup is already running");
  const dir = backupsDir(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let name = `balcao-${stampOf(opts.now ?? new Date())}-${kind}.tar.gz`;
  for (let i = 2; existsSync(join(dir, name)); i++) name = name.replace(/(-\d+)?\.tar\.gz$/, `-${i}.tar.gz`);
  const progress: BackupProgress = { name, kind, bytesDone: 0, bytesTotal: 0, startedAt: new Date().toISOString() };
  running.set(dataDir, progress);
  const dbCopy = join(dir, `.${name}.db`);
  const partial = join(dir, `.${name}.partial`);
  try {
    rmSync(dbCopy, { force: true });
    db.sqlite.run("VACUUM INTO ?", [dbCopy]);
    const files = dataFiles(dataDir, media);
    const dbSize = statSync(dbCopy).size;
    progress.bytesTotal = dbSize + files.reduce((n, f) => n + f.size, 0);
    const written: TarWritten[] = [];
    const manifest: BackupManifest = {
      format: 1,
      app: "balcao",
      version: pkg.version,
      schema: databaseSchema(db),
      createdAt: new Date().toISOString(),
      kind,
      media,
      ...(opts.filesIn ? { filesIn: opts.filesIn } : {}),
      files: written,
    };
    const inputs: TarInput[] = [{ name: "app.db", path: dbCopy }, ...files.map((f) => ({ name: f.name, path: f.path }))];
    const stream = tarStream(
      inputs,
      (w) => {
        written.push(w);
        progress.bytesDone += w.size;
      },
      () => ({ name: "manifest.json", data: new TextEncoder().encode(JSON.stringify({ ...manifest, files: [...written] }, null, 2)) }),
    );
    await pipeline(Readable.from(stream), createGzip({ level: 6 }), createWriteStream(partial, { mode: 0o600 }));
    renameSync(partial, join(dir, name));
    return { name, path: join(dir, name), manifest };
  } finally {
    rmSync(dbCopy, { force: true });
    rmSync(partial, { force: true });
    running.delete(dataDir);
  }
}

/** The backups in the data folder, newest first. */
export function listBackups(dataDir: string): BackupInfo[] {
  const dir = backupsDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => BACKUP_NAME.test(n))
    .map((name) => {
      const st = statSync(join(dir, name));
      const stamp = /^balcao-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z/.exec(name);
      const createdAt = stamp ? `${stamp[1]}T${stamp[2]}:${stamp[3]}:${stamp[4]}.000Z` : st.mtime.toISOString();
      return { name, size: st.size, createdAt, kind: (BACKUP_NAME.exec(name)?.[1] ?? "manual") as BackupKind };
    })
    .sort((a, b) => b.name.localeCompare(a.name));
}

/** The path of a backup by name, or null when there is no such backup (names are checked, never paths). */
export function backupPath(dataDir: string, name: string): string | null {
  if (!BACKUP_NAME.test(name)) return null;
  const p = join(backupsDir(dataDir), name);
  return existsSync(p) ? p : null;
}

/** Deletes a backup; false when there is none by that name. */
export function deleteBackup(dataDir: string, name: string): boolean {
  const p = backupPath(dataDir, name);
  if (!p) return false;
  rmSync(p, { force: true });
  return true;
}

/** Keeps the newest `keep` backups of a kind and deletes older ones; answers the deleted names. */
export function pruneBackups(dataDir: string, kind: BackupKind, keep: number): string[] {
  const old = listBackups(dataDir)
    .filter((b) => b.kind === kind)
    .slice(Math.max(0, keep));
  for (const b of old) deleteBackup(dataDir, b.name);
  return old.map((b) => b.name);
}
