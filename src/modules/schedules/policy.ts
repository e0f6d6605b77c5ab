import type { SessionUser } from "../../http/context";
import type { ScheduleRow } from "./schema";

/** Authors change their own schedules; admins any of the company's (BEHAVIOUR.md §1.8 makes PUT admin-only; authors may fix theirs). */
export const canEditSchedule = (u: SessionUser, s: ScheduleRow) => u.profile === "admin" || (s.userId !== null && s.userId === u.id);
