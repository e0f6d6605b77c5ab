import * as v from "valibot";
import { PLAN_FLAGS } from "../limits";
import { MSG, nameField } from "./common";

/** A count of a plan (users, connections, queues): 0 to 10,000 ("12" accepted). */
const countField = v.pipe(
  v.union([v.string(), v.number()], MSG.required),
  v.transform((x) => (x === "" ? Number.NaN : Number(x))),
  v.number(MSG.required),
  v.integer(MSG.invalid),
  v.minValue(0, MSG.invalid),
  v.maxValue(10_000, MSG.invalid),
);

/** A monthly price in BRL: 0 to 1,000,000 with at most two decimals. */
export const moneyField = v.pipe(
  v.union([v.string(), v.number()], MSG.required),
  v.transform((x) => (typeof x === "string" ? (x.trim() === "" ? Number.NaN : Number(x.replace(",", "."))) : x)),
  v.number(MSG.required),
  v.minValue(0, MSG.invalid),
  v.maxValue(1_000_000, MSG.invalid),
  v.check((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, MSG.invalid),
);

const flag = v.optional(v.boolean(MSG.invalid));
const flags = Object.fromEntries(PLAN_FLAGS.map((f) => [f, flag])) as Record<(typeof PLAN_FLAGS)[number], typeof flag>;

/** POST /plans (super users). */
export const PlanCreateBody = v.object({
  name: nameField,
  users: countField,
  connections: countField,
  queues: countField,
  value: moneyField,
  isPublic: flag,
  ...flags,
});
export type PlanCreateInput = v.InferOutput<typeof PlanCreateBody>;

/** PUT /plans/{id}: any subset of the fields. */
export const PlanUpdateBody = v.partial(PlanCreateBody);
export type PlanUpdateInput = v.InferOutput<typeof PlanUpdateBody>;

/** The plan form of the web (same rules). */
export const PlanForm = PlanCreateBody;
