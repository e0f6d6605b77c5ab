import type { SignupInput } from "../../contract/schemas/companies";
import type { Ctx, Deps } from "../../http/context";
import { AppError, notFound } from "../../http/errors";
import { addDays, nowIso, todayDate } from "../../lib/dates";
import { findPlan, serializePlan } from "../plans/service";
import { seedCompanySettings } from "../settings/service";
import { findUserByEmail } from "../users/queries";
import { users } from "../users/schema";
import { findCompanyByName, getCompanyPlan } from "./queries";
import { type CompanyRow, companies } from "./schema";
import { defaultOpeningHours, LIMITS } from "../../contract/limits";

/** The company fields the session and the shell need. */
export function serializeCompany(c: CompanyRow) {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    status: c.status,
    dueDate: c.dueDate,
    recurrence: c.recurrence,
    planId: c.planId,
    createdAt: c.createdAt,
  };
}

/** GET /companies/listPlan/{id}: the company with its plan; super users may read any company. */
export function companyWithPlan(ctx: Ctx, companyId: number) {
  if (companyId !== ctx.companyId && !ctx.user.super) throw notFound("ERR_NO_COMPANY_FOUND");
  const row = getCompanyPlan(ctx.db, companyId);
  if (!row) throw notFound("ERR_NO_COMPANY_FOUND");
  return { ...serializeCompany(row.company), plan: serializePlan(row.plan) };
}

const truthy = (v: unknown) => v === true || v === "true" || v === "enabled";

/**
 * POST /companies/cadastro: self-sign-up. Creates the company on a 7-day trial (MENSAL, status true)
 * with its default settings and an admin user named after it.
 */
export async function signupCompany(deps: Deps, input: SignupInput) {
  const plan = findPlan(deps.db, input.planId);
  if (!plan?.isPublic) throw new AppError("ERR_NO_PLAN_FOUND", 400);
  if (findCompanyByName(deps.db, input.name)) throw new AppError("ERR_COMPANY_NAME_ALREADY_EXISTS", 409);
  if (findUserByEmail(deps.db, input.email)) throw new AppError("ERR_EMAIL_ALREADY_EXISTS", 409);
  const passwordHash = await Bun.password.hash(input.password, "argon2id");
  const now = nowIso();
  const extra: Record<string, string> =
    input.campaignsEnabled !== undefined ? { campaignsEnabled: String(truthy(input.campaignsEnabled)) } : {};
  const company = deps.db.transaction((tx) => {
    const c = tx
      .insert(companies)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone ?? "",
        planId: plan.id,
        status: true,
        dueDate: addDays(todayDate(), LIMITS.trialDays),
        recurrence: "MENSAL",
        schedules: defaultOpeningHours(),
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
    tx.insert(users)
      .values({
        companyId: c.id,
        name: input.name,
        email: input.email,
        passwordHash,
        profile: "admin",
        createdAt: now,
        updatedAt: now,
      })
      .run();
    seedCompanySettings(tx as unknown as Deps["db"], c.id, extra);
    return c;
  });
  return serializeCompany(company);
}
