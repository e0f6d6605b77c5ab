import { removeCompanyMedia } from "../media";
import { and, asc, count, eq, ne } from "drizzle-orm";
import type { Page } from "../../contract/dto/common";
import type { CompanyAdminDto } from "../../contract/dto/companies";
import { defaultOpeningHours, LIMITS, type PlanFlag } from "../../contract/limits";
import type { CompanyCreateInput, CompanyUpdateInput } from "../../contract/schemas/companies";
import type { DbOrTx } from "../../core/db";
import { containsAny } from "../../db/paging";
import { audit, diffFields } from "../audit";
import type { Ctx } from "../../core/deps";
import { AppError, notFound } from "../../core/errors";
import { isPastDue, nowIso } from "../../lib/dates";
import { hashPassword } from "../../lib/password";
import { findPlan } from "../plans";
import { type PlanRow, plans } from "../plans";
import { seedCompanySettings } from "../settings";
import { requirePermission } from "../../core/policy";
import { type CompanyRow, companies } from "./schema";
import { serializeCompany } from "./serialize";

const PAGE = LIMITS.pageSize;

function adminDto(c: CompanyRow, plan: PlanRow): CompanyAdminDto {
  return {
    ...serializeCompany(c),
    planName: plan.name,
    billingName: c.billingName,
    address: c.address,
    city: c.city,
    state: c.state,
    zipcode: c.zipcode,
    country: c.country,
    isPlatform: c.isPlatform,
    featureGrants: c.featureGrants,
    grantedBeyondPlan: c.featureGrants.filter((f) => !plan[f]),
    campaignsEnabled: c.featureGrants.includes("useCampaigns") || plan.useCampaigns,
  };
}

function selectWithPlan(ctx: Ctx) {
  return ctx.db.select({ company: companies, plan: plans }).from(companies).innerJoin(plans, eq(plans.id, companies.planId));
}

/**
 * The super user's grants after an edit: `featureGrants` replaces them; without it, the reference's
 * `campaignsEnabled` grants or withdraws campaigns (its meaning when a super user sends it).
 */
function nextGrants(current: PlanFlag[], input: { featureGrants?: PlanFlag[]; campaignsEnabled?: boolean }): PlanFlag[] | undefined {
  if (input.featureGrants !== undefined) return input.featureGrants;
  if (input.campaignsEnabled === undefined) return undefined;
  const rest = current.filter((f) => f !== "useCampaigns");
  return input.campaignsEnabled ? [...rest, "useCampaigns"] : rest;
}

async function getAdminCompany(ctx: Ctx, id: number) {
  const row = (await selectWithPlan(ctx).where(eq(companies.id, id)).limit(1))[0];
  if (!row) throw notFound("ERR_NO_COMPANY_FOUND");
  return row;
}

/** GET /companies (super users): a page ordered by name, searched by name, email or phone. */
export async function listCompanies(ctx: Ctx, search: string, page: number): Promise<Page<"companies", CompanyAdminDto>> {
  requirePermission(ctx, "platform:companies");
  const where = search ? containsAny(search, companies.name, companies.email, companies.phone) : undefined;
  const total = (await ctx.db.select({ n: count() }).from(companies).where(where).limit(1))[0]?.n ?? 0;
  const rows = await selectWithPlan(ctx)
    .where(where)
    .orderBy(asc(companies.name))
    .limit(PAGE)
    .offset((page - 1) * PAGE);
  return { companies: rows.map((r) => adminDto(r.company, r.plan)), count: total, hasMore: total > page * PAGE };
}

/** GET /companies/list (super users): every company, ordered by name (pickers). */
export async function listAllCompanies(ctx: Ctx) {
  requirePermission(ctx, "platform:companies");
  return (await selectWithPlan(ctx).orderBy(asc(companies.name)).limit(5000)).map((r) => adminDto(r.company, r.plan));
}

/** One company with its billing fields (super users). */
export async function showAdminCompany(ctx: Ctx, id: number) {
  requirePermission(ctx, "platform:companies");
  const row = await getAdminCompany(ctx, id);
  return adminDto(row.company, row.plan);
}

async function assertPlan(ctx: Ctx, planId: number | undefined) {
  if (planId !== undefined && !(await findPlan(ctx.db, planId))) throw new AppError("ERR_NO_PLAN_FOUND", 400);
}

async function assertFreeName(ctx: Ctx, name: string, exceptId = 0) {
  const clash = (
    await ctx.db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.name, name), ne(companies.id, exceptId)))
      .limit(1)
  )[0];
  if (clash) throw new AppError("ERR_COMPANY_NAME_ALREADY_EXISTS", 409);
}

/**
 * POST /companies (super users): the company with its default settings and, when it is already due
 * (invoiceIfDue), its first invoice; with a password, also its admin user (named after the company,
 * with the company's email).
 */
export async function createCompany(ctx: Ctx, input: CompanyCreateInput) {
  requirePermission(ctx, "platform:companies");
  await assertPlan(ctx, input.planId);
  const plan = (await findPlan(ctx.db, input.planId)) as PlanRow;
  await assertFreeName(ctx, input.name);
  if (input.password && (await ctx.hooks.emailTaken(ctx.db, input.email))) throw new AppError("ERR_EMAIL_ALREADY_EXISTS", 409);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const now = nowIso();
  const { password: _p, campaignsEnabled, featureGrants, ...fields } = input;
  const id = await ctx.db.transaction(async (tx) => {
    const c = (
      await tx
        .insert(companies)
        .values({
          ...fields,
          featureGrants: nextGrants([], { featureGrants, campaignsEnabled }) ?? [],
          phone: fields.phone ?? "",
          status: fields.status ?? true,
          dueDate: fields.dueDate ?? null,
          recurrence: fields.recurrence ?? "MENSAL",
          schedules: defaultOpeningHours(),
          createdAt: now,
          updatedAt: now,
        })
        .returning()
    )[0];
    await seedCompanySettings(tx, c.id);
    // Its admin user (named after the company, with its email) and, when already due, its first invoice.
    await ctx.hooks.companyCreated(tx, c, plan, {
      admin: passwordHash ? { name: c.name, email: c.email, passwordHash } : null,
      now: new Date(ctx.clock.now()),
    });
    await audit(
      ctx,
      "company.created",
      { type: "company", id: c.id, label: c.name },
      diffFields(null, { name: c.name, planId: c.planId, dueDate: c.dueDate }),
      tx,
    );
    return c.id;
  });
  return showAdminCompany(ctx, id);
}

/**
 * PUT /companies/{id} (super users). Blocking a company (status false) or moving its due date into
 * the past signs its users out at once and pauses its connections; the platform company cannot be
 * blocked.
 */
export async function updateCompany(ctx: Ctx, id: number, input: CompanyUpdateInput) {
  requirePermission(ctx, "platform:companies");
  const before = (await getAdminCompany(ctx, id)).company;
  await assertPlan(ctx, input.planId);
  if (input.name !== undefined) await assertFreeName(ctx, input.name, id);
  const { campaignsEnabled, featureGrants, ...fields } = input;
  if (before.isPlatform && (fields.status === false || isPastDue(fields.dueDate, ctx.config.timezone))) throw new AppError("ERR_NO_PERMISSION", 403);
  const grants = nextGrants(before.featureGrants, { featureGrants, campaignsEnabled });
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(companies)
      .set({ ...fields, ...(grants ? { featureGrants: grants } : {}), updatedAt: nowIso() })
      .where(eq(companies.id, id));
    await audit(
      ctx,
      "company.updated",
      { type: "company", id, label: fields.name ?? before.name },
      diffFields(before, { ...fields, ...(grants ? { featureGrants: grants } : {}) }),
      tx,
    );
  });
  const after = await getAdminCompany(ctx, id);
  const lapsed = !after.company.status || isPastDue(after.company.dueDate, ctx.config.timezone);
  if (lapsed) await endCompanyAccess(ctx, id, !after.company.status);
  return adminDto(after.company, after.plan);
}

/**
 * A blocked company's sessions end (tokens, refresh cookies, sockets); a past-due one's sockets close
 * (its users may still sign in to reach the finance page). Its connections pause either way.
 */
async function endCompanyAccess(ctx: Ctx, companyId: number, blocked: boolean) {
  await ctx.hooks.companyAccessEnded(ctx, companyId, blocked ? "company blocked" : "subscription lapsed");
  await ctx.sessions.pauseLapsed();
}

/** DELETE /companies/{id} (super users): everything of the company goes; never the platform company. */
export async function deleteCompany(ctx: Ctx, id: number) {
  requirePermission(ctx, "platform:companies");
  const row = (await getAdminCompany(ctx, id)).company;
  if (row.isPlatform || id === ctx.companyId) throw new AppError("ERR_NO_PERMISSION", 403);
  await ctx.hooks.companyAccessEnded(ctx, id, "company deleted");
  // Blocked first, so the supervisor stops its connections before their rows go.
  await ctx.db.update(companies).set({ status: false }).where(eq(companies.id, id));
  await ctx.sessions.pauseLapsed();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(companies).where(eq(companies.id, id));
    await audit(ctx, "company.deleted", { type: "company", id, label: row.name }, undefined, tx);
  });
  // Its chat media, file lists, schedules' images… go with it (nothing else refers to them).
  void removeCompanyMedia(ctx.blobs, id);
}

/** Sets a company's due date (and plan) after a payment: the invoices module calls this inside its transaction. */
export async function renewCompany(db: DbOrTx, companyId: number, dueDate: string, planId?: number) {
  await db
    .update(companies)
    .set({ dueDate, ...(planId ? { planId } : {}), updatedAt: nowIso() })
    .where(eq(companies.id, companyId));
}
