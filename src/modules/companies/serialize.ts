import type { CompanyDto } from "../../contract/dto/companies";
import type { CompanyRow } from "./schema";

/** The company fields the session and the shell need. */
export function serializeCompany(c: CompanyRow): CompanyDto {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    status: c.status,
    dueDate: c.dueDate,
    recurrence: c.recurrence,
    planId: c.planId,
    createdAt: c.createdAt,
  };
}
