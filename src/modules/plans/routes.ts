import { Elysia } from "elysia";
import { authPlugin } from "../../http/auth";
import type { Deps } from "../../http/context";
import { listPublicPlans } from "./service";

/** /plans routes. The super-user CRUD comes with the billing issue. */
export const plansRoutes = (deps: Deps) => new Elysia().use(authPlugin(deps)).get("/plans/list", () => listPublicPlans(deps.db));
