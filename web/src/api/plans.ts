import type { PlanDto } from "@contract/dto/plans";
import { api } from "./client";
import { resource } from "./resource";

export type Plan = PlanDto;
export type PlanInput = Omit<PlanDto, "id">;

/** GET /plans/list: public plans for the signup page (sent without credentials). */
export const listPlans = () => api<Plan[]>("/plans/list", { credentials: false });
/** GET /plans/all (super users): every plan, hidden ones included. */
export const listAllPlans = () => api<Plan[]>("/plans/all");
/** A plan's own calls (super users). */
export const plansApi = resource<Plan, PlanInput>("/plans");
