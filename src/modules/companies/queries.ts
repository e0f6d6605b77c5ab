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

export const findCompanyByName = async (db: DbOrTx, name: string) => (await db.select().from(companies).where(eq(companies.name, name)).limit(1))[0];

/** A company with its plan (one join). */
export async function getCompanyPlan(db: DB, companyId: number) {
  const row = (
    await db
      .select({ company: companies, plan: plans })
      .from(companies)
      .innerJoin(plans, eq(plans.id, companies.planId))
      .where(eq(companies.id, companyId))
      .limit(1)
  )[0];
  return row ?? null;
}

/** Replaces a company's weekly hours; answers the updated row (undefined when there is none). */
export const setCompanySchedules = async (db: DB, id: number, schedules: OpeningHours[], now: string) =>
  (await db.update(companies).set({ schedules, updatedAt: now }).where(eq(companies.id, id)).returning())[0];

/** The platform company (holds the super users and the platform's Pix settings). */
export const findPlatformCompany = async (db: DB) => (await db.select().from(companies).where(eq(companies.isPlatform, true)).limit(1))[0];

/** Companies that are billed: every company but the platform's, with a due date. */
export const billableCompanies = async (db: DB) =>
  await db
    .select({ company: companies, plan: plans })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(and(eq(companies.isPlatform, false), isNotNull(companies.dueDate)));

/** First boot (seed): the platform company, holding the super users, never due. */
export async function insertPlatformCompany(tx: DbOrTx, values: { email: string; planId: number; now: string }): Promise<CompanyRow> {
  return (
    await tx
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
  )[0];
}

/** How many companies are on a plan. */
export const companiesOnPlan = async (db: DbOrTx, planId: number) =>
  (await db.select({ n: count() }).from(companies).where(eq(companies.planId, planId)).limit(1))[0]?.n ?? 0;
