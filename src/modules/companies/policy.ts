import type { Ctx } from "../../http/context";
import { AppError } from "../../http/errors";

/** Platform administration (companies, plans, helps, invoices of others) is for super users only. */
export function requireSuper(ctx: Ctx) {
  if (!ctx.user.super) throw new AppError("ERR_NO_PERMISSION", 403);
}
