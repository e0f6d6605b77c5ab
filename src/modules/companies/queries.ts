import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import { defaultOpeningHours, type OpeningHours } from "../../contract/limits";
import type { DB, DbOrTx } from "../../core/db";
import { prepared } from "../../db/prepared";
import { plans } from "../plans";
import { type CompanyRow, companies } from "./schema";

export const findCompany = (db: DB, id: number) =>
  prepared(db, "companies.byId", (d) =>
    d
      .select()
      .from(companies)
      .where(eq(companies.id, sql.placeholder("id")))
      .prepare(),
  ).get({ id });

export const findCompanyByName = (db: DbOrTx, name: string) => db.select().from(companies).where(eq(companies.name, name)).get();

/** A company with its plan (one join). */
export function getCompanyPlan(db: DB, companyId: number) {
  const row = db
    .select({ company: companies, plan: plans })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId))
    .get();
  return row ?? null;
}

/** Replaces a company's weekly hours; answers the updated row (undefined when there is none). */
export const setCompanySchedules = (db: DB, id: number, schedules: OpeningHours[], now: string) =>
  db.update(companies).set({ schedules, updatedAt: now }).where(eq(companies.id, id)).returning().get();

/** The platform company (holds the super users and the platform's Pix settings). */
export const findPlatformCompany = (db: DB) => db.select().from(companies).where(eq(companies.isPlatform, true)).get();

/** Companies that are billed: every company but the platform's, with a due date. */
export const billableCompanies = (db: DB) =>
  db
    .select({ company: companies, plan: plans })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(and(eq(companies.isPlatform, false), isNotNull(companies.dueDate)))
    .all();

/** First boot (seed): the platform company, holding the super users, never due. */
export function insertPlatformCompany(tx: DbOrTx, values: { email: string; planId: number; now: string }): CompanyRow {
  return tx
    .insert(companies)
    .values({
      name: "Balcão",
      email: values.email,
      planId: values.planId,
      status: true,
      dueDate: "2099-12-31",
      recurrence: "MENSAL",
      schedules: defaultOpeningHours(),
      isPlatform: true,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning()
    .get();
}

/** How many companies are on a plan. */
export const companiesOnPlan = (db: DbOrTx, planId: number) => db.select({ n: count() }).from(companies).where(eq(companies.planId, planId)).get()?.n ?? 0;
