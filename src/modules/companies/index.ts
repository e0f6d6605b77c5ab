/** The companies module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export { companyFeatures, featureEnabled, requireFeature } from "./features";
export { billableCompanies, companiesOnPlan, findCompany, findPlatformCompany, getCompanyPlan, insertPlatformCompany } from "./queries";
export { companies } from "./schema";
export { serializeCompany } from "./serialize";
export { companyWithPlan, showCompany, signupCompany, updateCompanySchedules } from "./service";
export { createCompany, deleteCompany, listAllCompanies, listCompanies, renewCompany, updateCompany } from "./service-admin";
