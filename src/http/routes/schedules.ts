import { Elysia } from "elysia";
import { ScheduleCreateBody, ScheduleListQuery, ScheduleMonthQuery, ScheduleUpdateBody } from "../../contract/schemas/schedules";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { createSchedule, deleteSchedule, listSchedules, scheduleCalendar, setScheduleMedia, showSchedule, updateSchedule } from "../../modules/schedules";
import { byId, created, deleted, updated, withFile, withoutFile } from "./kit";

/** /schedules routes (R-API-1, R-SCH-1); the plan needs useSchedules. */
export const schedulesRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/schedules", ({ ctx, query }) => {
      const q = parse(ScheduleListQuery, query);
      return listSchedules(ctx, { search: q.searchParam, contactId: q.contactId, userId: q.userId, from: q.from, to: q.to }, q.pageNumber);
    })
    .get("/schedules/calendar", ({ ctx, query }) => scheduleCalendar(ctx, parse(ScheduleMonthQuery, query).month))
    .get("/schedules/:id", byId(showSchedule))
    .post("/schedules", created(ScheduleCreateBody, createSchedule))
    .put("/schedules/:id", updated(ScheduleUpdateBody, updateSchedule))
    .delete("/schedules/:id", deleted(deleteSchedule, "Schedule deleted"))
    .post("/schedules/:id/media-upload", withFile(setScheduleMedia))
    .delete("/schedules/:id/media-upload", withoutFile(setScheduleMedia));
