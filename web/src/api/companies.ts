import type { CompanyAdminDto } from "@contract/dto/companies";
import type { OpeningHours, PlanFlag } from "@contract/limits";
import { api } from "./client";
import { listPage, resource } from "./resource";
import type { Company, Plan } from "./types";

export interface SignupInput {
  name: string;
  phone: string;
  email: string;
  password: string;
  planId: number;
  companyId?: string;
  /** The page's language: the company's default texts to customers follow it. */
  language?: string;
}

/** GET /companies/listPlan/{companyId}: the company with its plan flags. */
export const companyPlan = (companyId: number) => api<Company & { plan: Plan }>(`/companies/listPlan/${companyId}`);

/** POST /companies/cadastro: self-sign-up on a 7-day trial (MENSAL, status true); the plan decides the features. */
export const signup = (input: SignupInput) =>
  api<Company>("/companies/cadastro", {
    method: "POST",
    body: { ...input, recurrence: "MENSAL", status: true },
  });

/** A company with its weekly hours (GET /companies/{id}, PUT /companies/{id}/schedules). */
export type CompanyWithHours = Company & { schedules: OpeningHours[] };

/** GET /companies/{id}: the own company (super users: any) with its schedules. */
export const getCompany = (id: number) => api<CompanyWithHours>(`/companies/${id}`);

/** PUT /companies/{id}/schedules: the company's seven days of opening hours. */
export const updateCompanySchedules = (id: number, schedules: OpeningHours[]) =>
  api<CompanyWithHours>(`/companies/${id}/schedules`, { method: "PUT", body: { schedules } });

export type { CompanyAdminDto as CompanyAdmin };

/** The fields a super user edits on a company (password only when creating). */
export interface CompanyInput {
  name: string;
  email: string;
  phone: string;
  planId: number;
  status: boolean;
  dueDate: string | null;
  recurrence: string;
  /** Features granted beyond the plan. */
  featureGrants: PlanFlag[];
  billingName: string;
  address: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  password?: string;
}

/** GET /companies (super users): a page ordered by name. */
export const listCompanies = listPage<"companies", CompanyAdminDto>("/companies");
/** A company's calls as a super user (GET answers the billing fields too). */
export const companiesApi = resource<CompanyAdminDto, Partial<CompanyInput>>("/companies");
