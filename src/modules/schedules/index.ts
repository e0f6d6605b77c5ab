/** The schedules module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export { sendDueSchedules } from "./jobs";
export { createSchedule, deleteSchedule, listSchedules, scheduleCalendar, setScheduleMedia, showSchedule, updateSchedule } from "./service";
