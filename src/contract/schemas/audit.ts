import * as v from "valibot";
import { AUDIT_EVENTS } from "../audit";
import { MSG, PageQuery } from "./common";

const optionalInt = v.optional(
  v.pipe(
    v.union([v.string(), v.number()]),
    v.transform((x) => (x === "" ? undefined : Number(x))),
    v.optional(v.pipe(v.number(MSG.invalid), v.integer(MSG.invalid), v.minValue(0, MSG.invalid))),
  ),
);
const optionalDay = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.check((s) => s === "" || (/^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s))), MSG.invalid),
  ),
  "",
);

/** GET /audit and /audit/export: filters by user, event, object (type and id) and period (days, inclusive). */
export const AuditQuery = v.object({
  pageNumber: PageQuery.entries.pageNumber,
  userId: optionalInt,
  event: v.optional(v.union([v.literal(""), v.picklist(AUDIT_EVENTS, MSG.invalid)], MSG.invalid), ""),
  targetType: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40, MSG.tooLong)), ""),
  targetId: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, MSG.tooLong)), ""),
  from: optionalDay,
  to: optionalDay,
});
export type AuditQueryInput = v.InferOutput<typeof AuditQuery>;
