import * as v from "valibot";
import { emailField, MSG, nameField, passwordField } from "./common";
import { schedulesField } from "./hours";

/** POST /companies/cadastro (public self-sign-up). */
export const SignupBody = v.object({
  name: nameField,
  phone: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(30, MSG.tooLong)), ""),
  email: emailField,
  password: passwordField,
  planId: v.pipe(
    v.union([v.string(), v.number()], MSG.required),
    v.transform((x) => Number(x)),
    v.number(MSG.required),
    v.integer(MSG.required),
    v.minValue(1, MSG.required),
  ),
  recurrence: v.optional(v.string()),
  dueDate: v.optional(v.string()),
  status: v.optional(v.union([v.boolean(), v.string()])),
  campaignsEnabled: v.optional(v.union([v.boolean(), v.string()])),
  companyId: v.optional(v.union([v.string(), v.number()])),
});
export type SignupInput = v.InferOutput<typeof SignupBody>;

/** The signup form of the web. */
export const SignupForm = v.object({
  name: nameField,
  phone: v.optional(v.string(), ""),
  email: emailField,
  password: passwordField,
  planId: v.pipe(v.number(MSG.required), v.minValue(1, MSG.required)),
});

/** PUT /companies/{id}/schedules: the company's weekly hours (used when scheduleType is "company"). */
export const CompanySchedulesBody = v.object({ schedules: schedulesField });
export type CompanySchedulesInput = v.InferOutput<typeof CompanySchedulesBody>;
