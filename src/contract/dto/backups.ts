/** One backup archive in data/backups. */
export interface BackupDto {
  name: string;
  size: number;
  createdAt: string;
  kind: "manual" | "scheduled" | "pre-migration";
}

/** GET /backups: the archives, the one being written, the schedule and restore state. */
export interface BackupsOverviewDto {
  backups: BackupDto[];
  count: number;
  running: { name: string; kind: string; bytesDone: number; bytesTotal: number; startedAt: string } | null;
  schedule: { enabled: boolean; time: string; keep: number };
  pendingRestore: { name: string; requestedBy: string; requestedAt: string } | null;
  lastRestore: { name: string; ok: boolean; message: string; at: string } | null;
  storage: { state: "ok" | "low" | "full"; freeBytes: number; totalBytes: number } | null;
  timezone: string;
  /** The database engine: on "pg" no archive is written or restored (PostgreSQL's tools back it up). */
  engine: "sqlite" | "pg";
}
