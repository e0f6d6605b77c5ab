import type { CompanyAdmin } from "../../api/companies";
import type { Plan } from "../../api/plans";
import { listStore } from "../../stores/lists";

/** The super users' admin lists (settings tabs). */
export const plansStore = listStore<Plan>();
export const companiesStore = listStore<CompanyAdmin>();
import type { Help } from "../../api/helps";
export const helpsStore = listStore<Help>();
