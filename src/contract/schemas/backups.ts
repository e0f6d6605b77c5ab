import * as v from "valibot";
import { MSG } from "./common";

/** A backup's file name (never a path). */
export const BackupNameParam = v.object({
  name: v.pipe(v.string(MSG.required), v.maxLength(120, MSG.tooLong), v.regex(/^balcao-[0-9A-Za-z-]+\.tar\.gz$/, MSG.invalid)),
});

/** PUT /backups/schedule: the daily backup's time and how many are kept. */
export const BackupScheduleBody = v.object({
  enabled: v.boolean(MSG.invalid),
  time: v.pipe(v.string(MSG.required), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, MSG.invalid)),
  keep: v.pipe(v.number(MSG.invalid), v.integer(MSG.invalid), v.minValue(1, MSG.invalid), v.maxValue(365, MSG.invalid)),
});

/** POST /backups/{name}/restore: the backup's name typed again as confirmation. */
export const BackupRestoreBody = v.object({ confirm: v.pipe(v.string(MSG.required), v.maxLength(120, MSG.tooLong)) });

/** GET /backups/download/{token}. */
export const BackupTokenParam = v.object({ token: v.pipe(v.string(MSG.required), v.maxLength(2000, MSG.tooLong)) });
