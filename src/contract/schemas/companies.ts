import { COMPANY_LANGUAGES } from "../auto-texts";
import * as v from "valibot";
import { PLAN_FLAGS, RECURRENCES } from "../limits";
import { emailField, idField, MSG, nameField, passwordField } from "./common";
import { schedulesField } from "./hours";

/** POST /companies/cadastro (public self-sign-up). */
export const SignupBody = v.object({
  name: nameField,
  /** The admin's own name (the company's name when absent, as older clients send). */
  userName: v.optional(nameField),
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
  /** The sign-up page's language: the company's texts to customers default to it. */
  language: v.optional(v.picklist(COMPANY_LANGUAGES, MSG.invalid)),
  status: v.optional(v.union([v.boolean(), v.string()])),
  /** Sent by the reference's clients; ignored: the plan decides the features (issue 22). */
  campaignsEnabled: v.optional(v.union([v.boolean(), v.string()])),
  companyId: v.optional(v.union([v.string(), v.number()])),
});
export type SignupInput = v.InferOutput<typeof SignupBody>;

/** The signup form of the web. */
export const SignupForm = v.object({
  userName: nameField,
  name: nameField,
  phone: v.optional(v.string(), ""),
  email: emailField,
  password: passwordField,
  planId: v.pipe(v.number(MSG.required), v.minValue(1, MSG.required)),
});

/** PUT /companies/{id}/schedules: the company's weekly hours (used when scheduleType is "company"). */
export const CompanySchedulesBody = v.object({ schedules: schedulesField });
export type CompanySchedulesInput = v.InferOutput<typeof CompanySchedulesBody>;

/** A due date: YYYY-MM-DD of a real day; an empty or invalid value becomes null (R-BILL-2). */
export const dueDateField = v.optional(
  v.pipe(
    v.union([v.string(), v.null()]),
    v.transform((x) => {
      if (!x) return null;
      const d = x.trim().slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return null;
      const t = new Date(`${d}T00:00:00Z`);
      return Number.isNaN(t.getTime()) || t.toISOString().slice(0, 10) !== d ? null : d;
    }),
  ),
);

const optionalText = (max: number) => v.optional(v.pipe(v.string(MSG.invalid), v.trim(), v.maxLength(max, MSG.tooLong)));
const boolish = v.optional(
  v.pipe(
    v.union([v.boolean(), v.literal("true"), v.literal("false")], MSG.invalid),
    v.transform((x) => x === true || x === "true"),
  ),
);

/** The fields a super user edits on a company. Only MENSAL is offered, the others are accepted. */
const companyFields = {
  name: nameField,
  email: emailField,
  phone: optionalText(30),
  planId: idField,
  status: boolish,
  dueDate: dueDateField,
  recurrence: v.optional(v.picklist(Object.keys(RECURRENCES) as (keyof typeof RECURRENCES)[], MSG.invalid)),
  /** The reference's field: true grants campaigns beyond the plan, false withdraws that grant. */
  campaignsEnabled: boolish,
  /** Features granted beyond the plan (super users only: these routes are theirs). */
  featureGrants: v.optional(
    v.pipe(
      v.array(v.picklist(PLAN_FLAGS, MSG.invalid), MSG.invalid),
      v.maxLength(PLAN_FLAGS.length * 2, MSG.tooLong),
      v.transform((xs) => PLAN_FLAGS.filter((f) => xs.includes(f))),
    ),
  ),
  billingName: optionalText(120),
  address: optionalText(200),
  city: optionalText(80),
  state: optionalText(80),
  zipcode: optionalText(20),
  country: optionalText(40),
};

/** POST /companies (super users): with a password, the company's admin user is created too. */
export const CompanyCreateBody = v.object({
  ...companyFields,
  password: v.optional(v.union([v.literal(""), passwordField])),
});
export type CompanyCreateInput = v.InferOutput<typeof CompanyCreateBody>;

/** PUT /companies/{id} (super users): any subset. */
export const CompanyUpdateBody = v.partial(v.object(companyFields));
export type CompanyUpdateInput = v.InferOutput<typeof CompanyUpdateBody>;

/** The company form of the web: email and plan required (R-BILL-2). */
export const CompanyForm = v.object({
  name: nameField,
  email: emailField,
  planId: v.pipe(v.number(MSG.required), v.minValue(1, MSG.required)),
});
