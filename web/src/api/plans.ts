import { api } from "./client";
import type { Plan } from "./types";

/** GET /plans/list: public plans for the signup page (sent without credentials). */
export const listPlans = () => api<Plan[]>("/plans/list", { credentials: false });
