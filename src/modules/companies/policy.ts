import { can, type Permission } from "../../contract/permissions";
import type { Ctx } from "../../http/context";
import { AppError } from "../../http/errors";

/** Platform administration (companies, plans, helps, invoices of others) is for super users only (R-PERM-5). */
export function requirePlatform(ctx: Ctx, permission: Permission) {
  if (!can(ctx.user, permission)) throw new AppError("ERR_NO_PERMISSION", 403);
}
