import type { PlanDto } from "./plans";

/** The wire shape of a company (core.md §3 Company). dueDate is YYYY-MM-DD or null. */
export interface CompanyDto {
  id: number;
  name: string;
  email: string;
  phone: string;
  status: boolean;
  dueDate: string | null;
  recurrence: string;
  planId: number;
  createdAt: string;
}

/** A company as the super user's admin table shows it: billing fields and the plan's name. */
export interface CompanyAdminDto extends CompanyDto {
  planName: string;
  billingName: string;
  address: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  isPlatform: boolean;
  /** The company setting campaignsEnabled ("true"/"false"). */
  campaignsEnabled: boolean;
}

/** GET /companies/listPlan/{id}. */
export type CompanyWithPlanDto = CompanyDto & { plan: PlanDto };
