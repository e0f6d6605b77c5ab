import * as v from "valibot";
import { MSG } from "./common";

const date = v.optional(v.pipe(v.string(MSG.invalid), v.regex(/^\d{4}-\d{2}-\d{2}$/, MSG.invalid)));

/** The dashboard's period choices (R-DASH-1). */
export const DASHBOARD_PERIODS = [3, 7, 15, 30, 60, 90] as const;

/** GET /dashboard: days (a period) or date_from / date_to; at least one ("Parametrize o filtro"). */
export const DashboardQuery = v.pipe(
  v.object({
    days: v.optional(
      v.pipe(
        v.string(MSG.invalid),
        v.transform(Number),
        v.number(MSG.invalid),
        v.integer(MSG.invalid),
        v.minValue(1, MSG.invalid),
        v.maxValue(366, MSG.invalid),
      ),
    ),
    date_from: date,
    date_to: date,
  }),
  v.forward(
    v.check((q) => q.days !== undefined || !!q.date_from || !!q.date_to, "validation.dashboardFilter"),
    ["days"],
  ),
);
export type DashboardInput = v.InferOutput<typeof DashboardQuery>;
