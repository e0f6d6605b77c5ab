import { can } from "../../contract/permissions";
import { Elysia } from "elysia";
import { audit } from "../../modules/audit";
import * as v from "valibot";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { AppError, parse } from "../../core/errors";

const NameParam = v.object({ name: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/, "validation.invalid")) });

/** GET /jobs and POST /jobs/{name}/run: the platform operator lists and triggers background jobs. */
export const jobsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/jobs", ({ ctx }) => {
      if (!can(ctx.user, "jobs:run")) throw new AppError("ERR_NO_SUPER", 403);
      return deps.jobs.list();
    })
    .post("/jobs/:name/run", async ({ ctx, params }) => {
      if (!can(ctx.user, "jobs:run")) throw new AppError("ERR_NO_SUPER", 403);
      const { name } = parse(NameParam, params);
      if (!(await deps.jobs.runNow(name))) throw new AppError("ERR_NOT_FOUND", 404);
      await audit(ctx, "job.run", { type: "job", id: name, label: name });
      return { ok: true };
    });
