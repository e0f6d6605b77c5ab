import type { Ctx } from "../../core/deps";
import { AppError } from "../../core/errors";

/** Platform administration (companies, plans, helps, invoices of others) is for super users only. */
export function requireSuper(ctx: Ctx) {
  if (!ctx.user.super) throw new AppError("ERR_NO_PERMISSION", 403);
}
