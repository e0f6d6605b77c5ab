import { filesElsewhere } from "../../config";
import { Elysia } from "elysia";
import { can } from "../../contract/permissions";
import { audit } from "../../modules/audit";
import { jwtVerify, SignJWT } from "jose";
import type { BackupsOverviewDto } from "../../contract/dto/backups";
import { BackupNameParam, BackupRestoreBody, BackupScheduleBody, BackupTokenParam } from "../../contract/schemas/backups";
import { authPlugin } from "../auth";
import type { Ctx, Deps } from "../../core/deps";
import { AppError, parse } from "../../core/errors";
import { log } from "../../lib/logger";
import { BackupBusyError, backupPath, backupProgress, createBackup, deleteBackup, listBackups } from "../../ops/backup";
import { integrityOf } from "../../ops/integrity";
import { cancelRestore, lastRestore, pendingRestore, RestoreError, stageRestore } from "../../ops/restore";
import { readSchedule, writeSchedule } from "../../ops/schedule";

const LIST_MAX = 500;
const LINK_TTL_S = 120;

const requireSuper = (ctx: Ctx) => {
  if (!can(ctx.user, "backups:manage")) throw new AppError("ERR_NO_SUPER", 403);
};
const noBackup = () => new AppError("ERR_NO_BACKUP_FOUND", 404);
/** On PostgreSQL no archive is written or restored: PostgreSQL's tools back it up (ops/backup.ts POSTGRES_BACKUPS). */
const refuseOnPostgres = (deps: Deps) => {
  if (deps.db.engine === "pg") throw new AppError("ERR_BACKUP_POSTGRES", 409);
};
/** Download links are signed with a key of their own: an access token is never a download link. */
const linkKey = (deps: Deps) => new TextEncoder().encode(`${deps.config.jwtSecret}:backup-download`);

/** GET /backups: everything the backups page shows. */
function overview(deps: Deps): BackupsOverviewDto {
  const all = listBackups(deps.config.dataDir);
  const s = deps.storage.status();
  return {
    backups: all.slice(0, LIST_MAX),
    count: all.length,
    running: backupProgress(deps.config.dataDir),
    schedule: readSchedule(deps.config.dataDir),
    pendingRestore: pendingRestore(deps.config.dataDir),
    lastRestore: lastRestore(deps.config.dataDir),
    storage: { state: s.state, freeBytes: s.freeBytes, totalBytes: s.totalBytes },
    timezone: deps.config.timezone,
    engine: deps.db.engine,
  };
}

/** GET /storage: the data disk's state and the database's integrity for the admins' banner (admins and super users). */
export const storageRoutes = (deps: Deps) =>
  new Elysia().use(authPlugin(deps)).get("/storage", ({ ctx }) => {
    if (!can(ctx.user, "storage:view")) throw new AppError("ERR_NO_PERMISSION", 403);
    const s = deps.storage.status();
    // The banner's facts: the disk (low, full, or near the low mark) and a database the boot's check found damaged.
    return {
      state: s.state,
      near: s.near,
      freeBytes: s.freeBytes,
      lowBytes: s.lowBytes,
      integrity: integrityOf(deps).state,
    };
  });

/** /backups: the super user lists, creates, downloads, deletes backups, sets the schedule and stages a restore. */
export const backupsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/backups", ({ ctx }) => {
      requireSuper(ctx);
      return overview(deps);
    })
    .post("/backups", async ({ ctx, set }) => {
      requireSuper(ctx);
      refuseOnPostgres(deps);
      deps.storage.assertAvailable();
      if (backupProgress(deps.config.dataDir)) throw new AppError("ERR_BACKUP_RUNNING", 409);
      await audit(ctx, "backup.created", { type: "backup" }, { kind: [null, "manual"] });
      // Written in the background: the page follows its progress through GET /backups.
      createBackup(deps.db, deps.config.dataDir, { kind: "manual", filesIn: filesElsewhere(deps.config.blobs) })
        .then((b) => log.info("backup written", { backup: b.name, by: ctx.user.email }))
        .catch((e) => {
          if (!(e instanceof BackupBusyError)) log.error("backup failed", { err: String(e) });
        });
      set.status = 202;
      return overview(deps);
    })
    .put("/backups/schedule", ({ ctx, body }) => {
      requireSuper(ctx);
      refuseOnPostgres(deps);
      return writeSchedule(deps.config.dataDir, parse(BackupScheduleBody, body));
    })
    .delete("/backups/restore", ({ ctx }) => {
      requireSuper(ctx);
      if (!cancelRestore(deps.config.dataDir)) throw noBackup();
      return { ok: true };
    })
    .delete("/backups/:name", async ({ ctx, params }) => {
      requireSuper(ctx);
      const { name } = parse(BackupNameParam, params);
      if (!deleteBackup(deps.config.dataDir, name)) throw noBackup();
      await audit(ctx, "backup.deleted", { type: "backup", id: name, label: name });
      return { ok: true };
    })
    .post("/backups/:name/link", async ({ ctx, params }) => {
      requireSuper(ctx);
      const { name } = parse(BackupNameParam, params);
      if (!backupPath(deps.config.dataDir, name)) throw noBackup();
      // The link is the download (a bulk read of everything): recorded when it is handed out.
      await audit(ctx, "backup.downloaded", { type: "backup", id: name, label: name });
      const token = await new SignJWT({ name, purpose: "backup-download" })
        .setProtectedHeader({ alg: "HS256" })
        .setIssuedAt()
        .setExpirationTime(`${LINK_TTL_S}s`)
        .sign(linkKey(deps));
      return { url: `/backups/download/${token}` };
    })
    .get("/backups/download/:token", async ({ params }) => {
      const { token } = parse(BackupTokenParam, params);
      let name = "";
      try {
        const { payload } = await jwtVerify(token, linkKey(deps), { algorithms: ["HS256"] });
        if (payload.purpose === "backup-download" && typeof payload.name === "string") name = payload.name;
      } catch {
        name = "";
      }
      if (!name) throw new AppError("ERR_SESSION_EXPIRED", 403);
      const path = backupPath(deps.config.dataDir, name);
      if (!path) throw noBackup();
      return new Response(Bun.file(path), {
        headers: { "content-type": "application/gzip", "content-disposition": `attachment; filename="${name}"`, "cache-control": "no-store" },
      });
    })
    .post("/backups/:name/restore", async ({ ctx, params, body }) => {
      requireSuper(ctx);
      const { name } = parse(BackupNameParam, params);
      const { confirm } = parse(BackupRestoreBody, body);
      if (!backupPath(deps.config.dataDir, name)) throw noBackup();
      if (confirm.trim() !== name) throw new AppError("ERR_BACKUP_CONFIRMATION", 400);
      refuseOnPostgres(deps);
      // Verified in full now (checksums, manifest, its database's integrity): a bad archive is refused here, not at the next boot.
      const staged = await stageRestore(deps.config.dataDir, name, ctx.user.email).catch((e) => {
        if (e instanceof RestoreError) throw new AppError("ERR_BACKUP_INVALID", 422, { reason: e.message });
        throw e;
      });
      if (!staged) throw noBackup();
      await audit(ctx, "backup.restore-staged", { type: "backup", id: name, label: name });
      log.warn("restore staged for the next start", { backup: name, by: ctx.user.email });
      return staged;
    });
