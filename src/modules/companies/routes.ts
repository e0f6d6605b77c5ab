import { Elysia } from "elysia";
import * as v from "valibot";
import { IdParam, idField } from "../../contract/schemas/common";
import { CompanySchedulesBody, SignupBody } from "../../contract/schemas/companies";
import { authPlugin } from "../../http/auth";
import type { Deps } from "../../http/context";
import { AppError, parse } from "../../http/errors";
import { clientIp } from "../../http/ip";
import { companyWithPlan, showCompany, signupCompany, updateCompanySchedules } from "./service";

const CompanyParam = v.object({ companyId: idField });

/** /companies routes needed by the shell and the settings page; the super-user CRUD comes with the billing issue. */
export const companiesRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/companies/listPlan/:companyId", ({ ctx, params }) => companyWithPlan(ctx, parse(CompanyParam, params).companyId))
    .get("/companies/:id", ({ ctx, params }) => showCompany(ctx, parse(IdParam, params).id))
    .put("/companies/:id/schedules", ({ ctx, params, body }) =>
      updateCompanySchedules(ctx, parse(IdParam, params).id, parse(CompanySchedulesBody, body).schedules),
    )
    .post("/companies/cadastro", async ({ body, request, server, set }) => {
      const ip = clientIp(deps, request, server);
      const wait = deps.limiters.signup.blockedFor(ip);
      if (wait) throw new AppError("ERR_TOO_MANY_ATTEMPTS", 429, { retryAfter: wait });
      const input = parse(SignupBody, body);
      deps.limiters.signup.fail(ip);
      set.status = 201;
      return signupCompany(deps, input);
    });
