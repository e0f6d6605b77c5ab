import { api } from "./client";
import type { Company, Plan } from "./types";

export interface SignupInput {
  name: string;
  phone: string;
  email: string;
  password: string;
  planId: number;
  companyId?: string;
}

/** GET /companies/listPlan/{companyId}: the company with its plan flags. */
export const companyPlan = (companyId: number) => api<Company & { plan: Plan }>(`/companies/listPlan/${companyId}`);

/** POST /companies/cadastro: self-sign-up on a 7-day trial (MENSAL, status true). */
export const signup = (input: SignupInput) =>
  api<Company>("/companies/cadastro", {
    method: "POST",
    body: { ...input, recurrence: "MENSAL", status: true, campaignsEnabled: true },
  });
