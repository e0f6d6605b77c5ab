/** The plans module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export { type PlanRow, plans } from "./schema";
export { createPlan, deletePlan, findPlan, firstOrDefaultPlan, listAllPlans, listPublicPlans, serializePlan, showPlan, updatePlan } from "./service";
