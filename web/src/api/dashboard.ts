import type { DashboardDto } from "@contract/dto/dashboard";
import { api } from "./client";

export type Dashboard = DashboardDto;

/** GET /dashboard: a period (days) or a date range. */
export const getDashboard = (q: { days?: number; date_from?: string; date_to?: string }) => api<Dashboard>("/dashboard", { query: q });
