import { can, isDemotion } from "../../contract/permissions";
import type { Page } from "../../contract/dto/common";
import { hashPassword, verifyPassword } from "../../lib/password";
import { audit, diffFields } from "../audit";
import type { FramePayload } from "../../contract/frames";
import type { UserDto } from "../../contract/dto/users";
import type { UserCreateInput, UserUpdateInput } from "../../contract/schemas/users";
import type { Ctx } from "../../core/deps";
import { AppError, forbidden, notFound } from "../../core/errors";
import { nowIso } from "../../lib/dates";
import { rooms } from "../../contract/rooms";
import { getCompanyPlan } from "../companies";
import { canEditAccessFields, canEditUser, canManageUsers } from "./policy";
import { companyQueueIds, countUsers, findUser, findUserByEmail, listCompanyUsers, pageUsers, queuesOfUsers, setUserQueues, type UserRow } from "./queries";
import { users } from "./schema";
import { eq } from "drizzle-orm";
import { findConnection } from "../connections";

const PAGE = 20;

/** The public shape of a user (never the password hash or token version). */
export function serializeUser(u: UserRow, queues: { id: number; name: string; color: string }[] = []): UserDto {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    profile: u.profile,
    companyId: u.companyId,
    super: u.super,
    whatsappId: u.whatsappId,
    allTicket: u.allTicket,
    online: u.online,
    queues,
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
  };
}
export type { UserDto };

async function withQueues(ctx: Ctx, rows: UserRow[]) {
  const map = await queuesOfUsers(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => serializeUser(r, map.get(r.id) ?? []));
}

function publish(ctx: Ctx, companyId: number, frame: FramePayload<"user">) {
  ctx.hub.publish(rooms.main(companyId), { channel: "user", ...frame });
}

/** GET /users: a page of the caller's company users. */
export async function listUsers(ctx: Ctx, search: string, page: number): Promise<Page<"users", UserDto>> {
  const { rows, total } = await pageUsers(ctx.db, ctx.companyId, search, page, PAGE);
  return { users: await withQueues(ctx, rows), count: total, hasMore: total > page * PAGE };
}

/** GET /users/list: every user of a company (super users may name another company). */
export async function listAllUsers(ctx: Ctx, companyId?: number) {
  const target = companyId && companyId !== ctx.companyId ? companyId : ctx.companyId;
  if (target !== ctx.companyId && !can(ctx.user, "platform:users")) throw forbidden();
  return withQueues(ctx, await listCompanyUsers(ctx.db, target));
}

/** GET /users/{id}. */
export async function showUser(ctx: Ctx, id: number) {
  const u = await findUser(ctx.db, ctx.companyId, id);
  if (!u) throw notFound("ERR_NO_USER_FOUND");
  return (await withQueues(ctx, [u]))[0];
}

/** POST /users: admins only; enforces the plan's user limit and unique email. */
export async function createUser(ctx: Ctx, input: UserCreateInput) {
  if (!canManageUsers(ctx.user)) throw forbidden();
  const companyId = input.companyId && input.companyId !== ctx.companyId ? input.companyId : ctx.companyId;
  if (companyId !== ctx.companyId && !can(ctx.user, "platform:users")) throw new AppError("ERR_NO_SUPER", 403);
  if (input.super && !can(ctx.user, "platform:users")) throw new AppError("ERR_NO_SUPER", 403);
  const plan = await getCompanyPlan(ctx.db, companyId);
  if (!plan) throw notFound("ERR_NO_COMPANY_FOUND");
  if ((await countUsers(ctx.db, companyId)) >= plan.plan.users) {
    throw new AppError("ERR_PLAN_LIMIT_USERS", 400, { limit: plan.plan.users });
  }
  if (await findUserByEmail(ctx.db, input.email)) throw new AppError("ERR_EMAIL_ALREADY_EXISTS", 409);
  await assertConnection(ctx, companyId, input.whatsappId);
  const queueIds = await ownQueueIds(ctx, companyId, input.queueIds ?? []);
  const passwordHash = await hashPassword(input.password);
  const now = nowIso();
  // Hashing yields to other requests: the limit and the email are checked again inside the
  // transaction, so parallel creations can never pass the plan's limit or collide on the email.
  const row = await ctx.db.transaction(
    async (tx) => {
      if ((await countUsers(tx, companyId)) >= plan.plan.users) throw new AppError("ERR_PLAN_LIMIT_USERS", 400, { limit: plan.plan.users });
      if (await findUserByEmail(tx, input.email)) throw new AppError("ERR_EMAIL_ALREADY_EXISTS", 409);
      const created = (
        await tx
          .insert(users)
          .values({
            companyId,
            name: input.name,
            email: input.email,
            passwordHash,
            profile: input.profile ?? "user",
            super: !!input.super,
            whatsappId: input.whatsappId ?? null,
            allTicket: normalizeAllTicket(input.allTicket),
            createdAt: now,
            updatedAt: now,
          })
          .returning()
      )[0];
      await setUserQueues(tx as unknown as Ctx["db"], created.id, queueIds);
      await audit(
        ctx,
        "user.created",
        { type: "user", id: created.id, label: created.email },
        diffFields(null, { name: created.name, email: created.email, profile: created.profile, super: created.super, queueIds }),
        tx,
      );
      return created;
    },
    // (SQLite's transactions are BEGIN IMMEDIATE already; PostgreSQL's take no such option.)
  );
  const dto = (await withQueues(ctx, [row]))[0];
  publish(ctx, companyId, { action: "create", user: dto });
  return dto;
}

/** Queue ids must all belong to the company: another company's (or a missing) id is refused, not dropped. */
async function ownQueueIds(ctx: Ctx, companyId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const own = await companyQueueIds(ctx.db, companyId, unique);
  if (own.length !== unique.length) throw new AppError("ERR_VALIDATION", 400, { fields: { queueIds: "validation.invalid" } });
  return own;
}

/** A default connection must be one of the company's connections. */
async function assertConnection(ctx: Ctx, companyId: number, whatsappId: number | null | undefined) {
  if (whatsappId && !(await findConnection(ctx.db, companyId, whatsappId))) throw notFound("ERR_NO_WAPP_FOUND");
}

const normalizeAllTicket = (v?: string) => (v === "enable" || v === "enabled" ? "enable" : "disable");

/**
 * PUT /users/{id}: anyone edits their own name, email and password; only admins edit other users
 * and the profile, queues and default connection; only super users set the super flag.
 */
export async function updateUser(ctx: Ctx, id: number, input: UserUpdateInput) {
  const current = await findUser(ctx.db, ctx.companyId, id);
  if (!current) throw notFound("ERR_NO_USER_FOUND");
  if (!canEditUser(ctx.user, id)) throw forbidden();
  if (input.companyId !== undefined && input.companyId !== ctx.companyId && !can(ctx.user, "platform:users")) {
    throw new AppError("ERR_NO_SUPER", 403);
  }
  if (input.super !== undefined && input.super !== current.super && !can(ctx.user, "platform:users")) {
    throw new AppError("ERR_NO_SUPER", 403);
  }
  const admin = canEditAccessFields(ctx.user);
  const currentQueues = (await queuesOfUsers(ctx.db, [id])).get(id)?.map((q) => q.id) ?? [];
  const queuesChanged =
    input.queueIds !== undefined && (input.queueIds.length !== currentQueues.length || input.queueIds.some((q) => !currentQueues.includes(q)));
  if (!admin) {
    const profileChanged = input.profile !== undefined && input.profile !== current.profile;
    const connChanged = input.whatsappId !== undefined && (input.whatsappId ?? null) !== current.whatsappId;
    const allTicketChanged = input.allTicket !== undefined && normalizeAllTicket(input.allTicket) !== current.allTicket;
    if (profileChanged || queuesChanged || connChanged || allTicketChanged) throw forbidden();
  }
  if (input.email && input.email !== current.email) {
    const other = await findUserByEmail(ctx.db, input.email);
    if (other && other.id !== id) throw new AppError("ERR_EMAIL_ALREADY_EXISTS", 409);
  }
  if (admin && id === ctx.user.id && input.profile && can(current, "users:manage") && !can({ profile: input.profile }, "users:manage")) {
    // An admin demoting themselves could lock the company out of its own settings.
    throw new AppError("ERR_NO_PERMISSION", 403);
  }
  if (admin) await assertConnection(ctx, ctx.companyId, input.whatsappId);
  const queueIds = admin && queuesChanged ? await ownQueueIds(ctx, ctx.companyId, input.queueIds ?? []) : [];
  if (input.password && id === ctx.user.id) {
    // One's own password needs the current one (a stolen access token cannot take the account over).
    if (!input.currentPassword) throw new AppError("ERR_CURRENT_PASSWORD_REQUIRED", 400);
    if (!(await verifyPassword(input.currentPassword, current.passwordHash))) throw new AppError("ERR_WRONG_CURRENT_PASSWORD", 400);
  }
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const patch: Partial<UserRow> = {
    updatedAt: nowIso(),
    ...(input.name !== undefined && { name: input.name }),
    ...(input.email !== undefined && { email: input.email }),
    ...(passwordHash && { passwordHash }),
    ...(admin && input.profile !== undefined && { profile: input.profile }),
    ...(admin && input.whatsappId !== undefined && { whatsappId: input.whatsappId ?? null }),
    ...(admin && input.allTicket !== undefined && { allTicket: normalizeAllTicket(input.allTicket) }),
    ...(input.super !== undefined && can(ctx.user, "platform:users") && { super: input.super }),
  };
  const row = await ctx.db.transaction(async (tx) => {
    const updated = (await tx.update(users).set(patch).where(eq(users.id, id)).returning())[0];
    if (admin && queuesChanged) await setUserQueues(tx as unknown as Ctx["db"], id, queueIds);
    const { updatedAt: _, passwordHash: hash, ...fields } = patch;
    const changes = diffFields(current, { ...fields, ...(hash && { password: "changed" }) });
    if (admin && queuesChanged) changes.queueIds = [currentQueues, queueIds];
    await audit(ctx, "user.updated", { type: "user", id, label: updated.email }, changes, tx);
    return updated;
  });
  const dto = (await withQueues(ctx, [row]))[0];
  publish(ctx, ctx.companyId, { action: "update", user: dto });
  const demoted = isDemotion(current, row);
  if (passwordHash) await ctx.hooks.endUserSessions(ctx, id, "password changed");
  else if (demoted) await ctx.hooks.endUserSessions(ctx, id, "profile changed");
  return dto;
}

/** DELETE /users/{id}: admins only, never oneself. Their open tickets go back to pending (R-TKT-11). */
export async function deleteUser(ctx: Ctx, id: number) {
  if (!canManageUsers(ctx.user)) throw forbidden();
  const current = await findUser(ctx.db, ctx.companyId, id);
  if (!current) throw notFound("ERR_NO_USER_FOUND");
  if (id === ctx.user.id) throw new AppError("ERR_CANNOT_DELETE_SELF", 400);
  await ctx.hooks.releaseUserTickets(ctx, id);
  await ctx.hooks.endUserSessions(ctx, id, "user deleted");
  await ctx.db.transaction(async (tx) => {
    await tx.delete(users).where(eq(users.id, id));
    await audit(ctx, "user.deleted", { type: "user", id, label: current.email }, diffFields(current, { name: null, profile: null }), tx);
  });
  publish(ctx, ctx.companyId, { action: "delete", userId: id });
}
