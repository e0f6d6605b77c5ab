import { Elysia } from "elysia";
import { IdParam } from "../../contract/schemas/common";
import { ScheduleCreateBody, ScheduleListQuery, ScheduleMonthQuery, ScheduleUpdateBody } from "../../contract/schemas/schedules";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { createSchedule, deleteSchedule, listSchedules, scheduleCalendar, setScheduleMedia, showSchedule, updateSchedule } from "../../modules/schedules";

/** /schedules routes (R-API-1, R-SCH-1); the plan needs useSchedules. */
export const schedulesRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/schedules", ({ ctx, query }) => {
      const q = parse(ScheduleListQuery, query);
      return listSchedules(ctx, { search: q.searchParam, contactId: q.contactId, userId: q.userId, from: q.from, to: q.to }, q.pageNumber);
    })
    .get("/schedules/calendar", ({ ctx, query }) => scheduleCalendar(ctx, parse(ScheduleMonthQuery, query).month))
    .get("/schedules/:id", ({ ctx, params }) => showSchedule(ctx, parse(IdParam, params).id))
    .post("/schedules", ({ ctx, body, set }) => {
      const record = createSchedule(ctx, parse(ScheduleCreateBody, body));
      set.status = 201;
      return record;
    })
    .put("/schedules/:id", ({ ctx, params, body }) => updateSchedule(ctx, parse(IdParam, params).id, parse(ScheduleUpdateBody, body)))
    .delete("/schedules/:id", ({ ctx, params }) => {
      deleteSchedule(ctx, parse(IdParam, params).id);
      return { message: "Schedule deleted" };
    })
    .post("/schedules/:id/media-upload", ({ ctx, params, body }) =>
      setScheduleMedia(ctx, parse(IdParam, params).id, (body as Record<string, unknown> | null)?.file),
    )
    .delete("/schedules/:id/media-upload", ({ ctx, params }) => setScheduleMedia(ctx, parse(IdParam, params).id, null));
