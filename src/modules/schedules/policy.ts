import { can } from "../../contract/permissions";
import type { SessionUser } from "../../core/user";
import type { ScheduleRow } from "./schema";

/** Authors change their own schedules; admins any of the company's (R-SCH-2). */
export const canEditSchedule = (u: SessionUser, s: ScheduleRow) => can(u, "schedules:editAny") || (s.userId !== null && s.userId === u.id);
