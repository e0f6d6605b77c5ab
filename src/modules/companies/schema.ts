import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { OpeningHours, PlanFlag } from "../../contract/limits";
import { plans } from "../plans/schema";
import { belongsTo, timestamps } from "../../db/columns";

/** A tenant. dueDate is a calendar date YYYY-MM-DD. */
export const companies = sqliteTable(
  "companies",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull().unique(),
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id),
    status: integer("status", { mode: "boolean" }).notNull().default(true),
    dueDate: text("due_date"),
    recurrence: text("recurrence").notNull().default("MENSAL"),
    schedules: text("schedules", { mode: "json" }).$type<OpeningHours[]>().notNull().default([]),
    billingName: text("billing_name").notNull().default(""),
    address: text("address").notNull().default(""),
    city: text("city").notNull().default(""),
    state: text("state").notNull().default(""),
    zipcode: text("zipcode").notNull().default(""),
    country: text("country").notNull().default(""),
    /** Features the super user granted this company beyond its plan (plan flags; issue 22). */
    featureGrants: text("feature_grants", { mode: "json" }).$type<PlanFlag[]>().notNull().default([]),
    /** The platform operator's own company (created on first boot). */
    isPlatform: integer("is_platform", { mode: "boolean" }).notNull().default(false),
    ...timestamps(),
  },
  (t) => [index("companies_plan_idx").on(t.planId)],
);

/** The first columns of a company's own row: its id, and the company it belongs to (whose deletion takes it along). */
export const companyRow = () => ({ id: integer("id").primaryKey({ autoIncrement: true }), companyId: belongsTo("company_id", () => companies.id) });
export type CompanyRow = typeof companies.$inferSelect;
