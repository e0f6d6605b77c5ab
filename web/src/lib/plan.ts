import { t } from "../i18n";

/** A plan's limits as one line ("1 usuário · 3 conexões · 5 filas"), each count with its own plural. */
export const planLimits = (p: { users: number; connections: number; queues: number }) =>
  [t("signup.planUsers", { count: p.users }), t("signup.planConnections", { count: p.connections }), t("signup.planQueues", { count: p.queues })].join(" · ");
