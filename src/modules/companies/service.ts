import { hashPassword } from "../../lib/password";
import { can } from "../../contract/permissions";
import { CompanySchedulesBody, type SignupInput } from "../../contract/schemas/companies";
import { audit, diffFields } from "../audit";
import type { Ctx, Deps } from "../../core/deps";
import { AppError, forbidden, notFound, parse } from "../../core/errors";
import { addDays, nowIso, todayDate } from "../../lib/dates";
import { findPlan, serializePlan } from "../plans";
import { seedCompanySettings } from "../settings";
import { findCompany, findCompanyByName, getCompanyPlan, setCompanySchedules } from "./queries";
import { type CompanyRow, companies } from "./schema";
import { serializeCompany } from "./serialize";
import { showAdminCompany } from "./service-admin";
import { defaultOpeningHours, LIMITS } from "../../contract/limits";

/** GET /companies/listPlan/{id}: the company with its plan; super users may read any company. */
export async function companyWithPlan(ctx: Ctx, companyId: number) {
  if (companyId !== ctx.companyId && !can(ctx.user, "platform:companies")) throw notFound("ERR_NO_COMPANY_FOUND");
  const row = await getCompanyPlan(ctx.db, companyId);
  if (!row) throw notFound("ERR_NO_COMPANY_FOUND");
  return { ...serializeCompany(row.company), plan: serializePlan(row.plan) };
}

/** The caller's own company, or any company for a super user; others answer 404 (no data leaks). */
async function reachableCompany(ctx: Ctx, companyId: number): Promise<CompanyRow> {
  const row = companyId === ctx.companyId || can(ctx.user, "platform:companies") ? await findCompany(ctx.db, companyId) : undefined;
  if (!row) throw notFound("ERR_NO_COMPANY_FOUND");
  return row;
}

/** GET /companies/{id}: the company with its weekly hours (own company; super users: any, with billing fields). */
export async function showCompany(ctx: Ctx, companyId: number) {
  const row = await reachableCompany(ctx, companyId);
  return { ...(can(ctx.user, "platform:companies") ? await showAdminCompany(ctx, companyId) : serializeCompany(row)), schedules: row.schedules };
}

/**
 * PUT /companies/{id}/schedules: an admin of the company (or a super user) replaces its hours. The
 * body is validated only once the caller may change this company (another company's id is 404).
 */
export async function updateCompanySchedules(ctx: Ctx, companyId: number, body: unknown) {
  await reachableCompany(ctx, companyId);
  if (!can(ctx.user, "companies:schedules")) throw forbidden();
  const { schedules } = parse(CompanySchedulesBody, body);
  const row = await setCompanySchedules(ctx.db, companyId, schedules, nowIso());
  if (!row) throw notFound("ERR_NO_COMPANY_FOUND");
  return { ...serializeCompany(row), schedules: row.schedules };
}

/**
 * POST /companies/cadastro: self-sign-up. Creates the company on a 7-day trial (MENSAL, status true)
 * with its default settings, an admin user named after it and its first invoice. Features come from the plan alone:
 * a `campaignsEnabled` the reference's clients send is ignored (issue 22).
 */
export async function signupCompany(deps: Deps, input: SignupInput) {
  const plan = await findPlan(deps.db, input.planId);
  if (!plan?.isPublic) throw new AppError("ERR_NO_PLAN_FOUND", 400);
  if (await findCompanyByName(deps.db, input.name)) throw new AppError("ERR_COMPANY_NAME_ALREADY_EXISTS", 409);
  if (await deps.hooks.emailTaken(deps.db, input.email)) throw new AppError("ERR_EMAIL_ALREADY_EXISTS", 409);
  const passwordHash = await hashPassword(input.password);
  const now = nowIso();
  // the sign-up page's language: the company's default texts to customers follow it
  const extra: Record<string, string> = input.language ? { language: input.language } : {};
  // Hashing yields to other requests: the name and email are checked again inside the transaction,
  // so parallel sign-ups with one email give one company and clear 409s, never a 500.
  const company = await deps.db.transaction(async (tx) => {
    if (await findCompanyByName(tx, input.name)) throw new AppError("ERR_COMPANY_NAME_ALREADY_EXISTS", 409);
    if (await deps.hooks.emailTaken(tx, input.email)) throw new AppError("ERR_EMAIL_ALREADY_EXISTS", 409);
    const c = (
      await tx
        .insert(companies)
        .values({
          name: input.name,
          email: input.email,
          phone: input.phone ?? "",
          planId: plan.id,
          status: true,
          dueDate: addDays(todayDate(deps.config.timezone), LIMITS.trialDays),
          recurrence: "MENSAL",
          schedules: defaultOpeningHours(),
          createdAt: now,
          updatedAt: now,
        })
        .returning()
    )[0];
    await seedCompanySettings(tx, c.id, extra);
    // its admin user, and the trial's first invoice in the same transaction: listed and payable at once
    await deps.hooks.companyCreated(tx, c, plan, {
      admin: { name: input.userName ?? input.name, email: input.email, passwordHash },
      now: new Date(deps.clock.now()),
    });
    await audit(
      { db: tx, companyId: c.id, actor: { type: "user", id: null, name: input.email } },
      "company.signup",
      { type: "company", id: c.id, label: c.name },
      diffFields(null, { name: c.name, planId: c.planId }),
      tx,
    );
    return c;
  });
  return serializeCompany(company);
}
