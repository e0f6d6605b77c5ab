import { can, type Permission } from "../contract/permissions";
import type { Ctx } from "./deps";
import { AppError } from "./errors";

/** 403 ERR_NO_PERMISSION unless the caller holds the permission (platform administration: R-PERM-5). */
export function requirePermission(ctx: Ctx, permission: Permission) {
  if (!can(ctx.user, permission)) throw new AppError("ERR_NO_PERMISSION", 403);
}
