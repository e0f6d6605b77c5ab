import type { PlanFlag } from "../limits";
import type { PlanDto } from "./plans";

/** The wire shape of a company (R-BILL-2). dueDate is YYYY-MM-DD or null. */
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
  /** Features the super user granted beyond the plan (issue 22). */
  featureGrants: PlanFlag[];
  /** Those of the grants the company's plan does not include (what the companies page marks). */
  grantedBeyondPlan: PlanFlag[];
  /** The reference's field: campaigns granted, by the plan or the super user. */
  campaignsEnabled: boolean;
}

/** GET /companies/listPlan/{id}. */
export type CompanyWithPlanDto = CompanyDto & { plan: PlanDto };
