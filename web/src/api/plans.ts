import type { PlanDto } from "@contract/dto/plans";
import { api } from "./client";

export type Plan = PlanDto;
export type PlanInput = Omit<PlanDto, "id">;

/** GET /plans/list: public plans for the signup page (sent without credentials). */
export const listPlans = () => api<Plan[]>("/plans/list", { credentials: false });
/** GET /plans/all (super users): every plan, hidden ones included. */
export const listAllPlans = () => api<Plan[]>("/plans/all");
export const getPlan = (id: number) => api<Plan>(`/plans/${id}`);
export const createPlan = (input: PlanInput) => api<Plan>("/plans", { method: "POST", body: input });
export const updatePlan = (id: number, input: Partial<PlanInput>) => api<Plan>(`/plans/${id}`, { method: "PUT", body: input });
export const deletePlan = (id: number) => api(`/plans/${id}`, { method: "DELETE" });
