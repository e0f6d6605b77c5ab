import type { OpeningHours } from "@contract/limits";
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

/** A company with its weekly hours (GET /companies/{id}, PUT /companies/{id}/schedules). */
export type CompanyWithHours = Company & { schedules: OpeningHours[] };

/** GET /companies/{id}: the own company (super users: any) with its schedules. */
export const getCompany = (id: number) => api<CompanyWithHours>(`/companies/${id}`);

/** PUT /companies/{id}/schedules: the company's seven days of opening hours. */
export const updateCompanySchedules = (id: number, schedules: OpeningHours[]) =>
  api<CompanyWithHours>(`/companies/${id}/schedules`, { method: "PUT", body: { schedules } });
