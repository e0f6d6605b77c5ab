import type { BackupDto, BackupsOverviewDto } from "@contract/dto/backups";
import { api } from "./client";

export type Backup = BackupDto;
export type BackupsOverview = BackupsOverviewDto;
export type BackupSchedule = BackupsOverviewDto["schedule"];

/** GET /backups: archives, the one being written, schedule, staged and last restore, disk. */
export const getBackups = () => api<BackupsOverview>("/backups");
/** POST /backups: starts a backup now (follow it through getBackups). */
export const createBackup = () => api<BackupsOverview>("/backups", { method: "POST" });
export const deleteBackup = (name: string) => api(`/backups/${encodeURIComponent(name)}`, { method: "DELETE" });
export const saveSchedule = (s: BackupSchedule) => api<BackupSchedule>("/backups/schedule", { method: "PUT", body: s });
/** A two-minute signed link: the browser downloads the archive itself, never holding it in memory. */
export const backupLink = (name: string) => api<{ url: string }>(`/backups/${encodeURIComponent(name)}/link`, { method: "POST" });
export const stageRestore = (name: string, confirm: string) => api(`/backups/${encodeURIComponent(name)}/restore`, { method: "POST", body: { confirm } });
export const cancelRestore = () => api("/backups/restore", { method: "DELETE" });
