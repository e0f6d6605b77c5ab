import { Elysia } from "elysia";
import * as v from "valibot";
import { IdParam, idField } from "../../contract/schemas/common";
import { CompanyCreateBody, CompanyUpdateBody, SignupBody } from "../../contract/schemas/companies";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { AppError, parse } from "../../core/errors";
import { clientIp } from "../ip";
import { createCompany, deleteCompany, listAllCompanies, listCompanies, updateCompany } from "../../modules/companies";
import { companyWithPlan, showCompany, signupCompany, updateCompanySchedules } from "../../modules/companies";
import { byId, created, deleted, page, updated } from "./kit";

const CompanyParam = v.object({ companyId: idField });

/** /companies routes: the shell and settings page (own company), the super users' CRUD, self-sign-up. */
export const companiesRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/companies", page(listCompanies))
    .get("/companies/list", ({ ctx }) => listAllCompanies(ctx))
    .post("/companies", created(CompanyCreateBody, createCompany))
    .put("/companies/:id", updated(CompanyUpdateBody, updateCompany))
    .delete("/companies/:id", deleted(deleteCompany, "Company deleted"))
    .get("/companies/listPlan/:companyId", ({ ctx, params }) => companyWithPlan(ctx, parse(CompanyParam, params).companyId))
    .get("/companies/:id", byId(showCompany))
    .put("/companies/:id/schedules", ({ ctx, params, body }) => updateCompanySchedules(ctx, parse(IdParam, params).id, body))
    .post("/companies/cadastro", async ({ body, request, server, set }) => {
      const ip = clientIp(deps, request, server);
      const blocked = await deps.limiters.signup.blockedFor(ip);
      if (blocked) throw new AppError("ERR_TOO_MANY_ATTEMPTS", 429, { retryAfter: blocked });
      const input = parse(SignupBody, body);
      // Counted once the body is valid (a typo costs nothing); check and count in one step, so parallel sign-ups
      // from one address (on any node) never pass the budget.
      const wait = await deps.limiters.signup.take(ip);
      if (wait) throw new AppError("ERR_TOO_MANY_ATTEMPTS", 429, { retryAfter: wait });
      set.status = 201;
      return signupCompany(deps, input);
    });
