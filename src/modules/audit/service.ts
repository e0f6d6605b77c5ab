/**
 * The audit writer: `audit(ctx, event, target, changes?)` records who did what to which object,
 * when and from which address. Other modules call it inside the transaction of their change (pass
 * the transaction as `db`), so a change rolled back leaves no entry. One prepared insert: writing
 * an entry costs a few microseconds.
 */
import { sql } from "drizzle-orm";
import { AUDIT_HIDDEN_FIELDS, AUDIT_SECRET_FIELDS, type AuditActorType, type AuditEvent } from "../../contract/audit";
import type { DB, DbOrTx } from "../../core/db";
import { prepared } from "../../db/prepared";
import type { SessionUser } from "../../core/user";
import { auditLog } from "./schema";

/** The object an entry is about: its kind, id and a readable name kept as it was. */
export interface AuditTarget {
  type: string;
  id?: string | number | null;
  label?: string | null;
}

/** Who acted, when it is not the signed-in user of a request (jobs, API tokens, sign-in attempts). */
export interface AuditActor {
  type: AuditActorType;
  id: number | null;
  name: string;
}

/** What `audit()` needs of the caller: the database, the company whose log it is, and the user (or an explicit actor). */
export interface AuditCtx {
  db: DB;
  companyId: number;
  user?: Pick<SessionUser, "id" | "name" | "email"> | null;
  actor?: AuditActor;
  /** Test clocks and jobs pass their time; otherwise now. */
  clock?: { now(): number };
  /** The client's address (a request's Ctx carries it). */
  address?: string;
}

/** Field → [before, after]; a secret's values are never kept ("changed" stands for both). */
export type AuditChanges = Record<string, [unknown, unknown]>;

const MAX_VALUE = 200;
const MAX_CHANGES = 4000;

const bounded = (v: unknown): unknown => {
  if (v === null || v === undefined || typeof v === "number" || typeof v === "boolean") return v ?? null;
  const s = typeof v === "string" ? v : JSON.stringify(v);
  return s.length > MAX_VALUE ? `${s.slice(0, MAX_VALUE)}…` : s;
};

/**
 * The fields that differ between `before` and `after` (only the keys of `after` that were given),
 * with bounded values; secrets are recorded as changed without values, message texts not at all.
 */
export function diffFields(before: Record<string, unknown> | null | undefined, after: Record<string, unknown>): AuditChanges {
  const out: AuditChanges = {};
  for (const [key, next] of Object.entries(after)) {
    if (next === undefined || AUDIT_HIDDEN_FIELDS.includes(key)) continue;
    const prev = before?.[key];
    if (JSON.stringify(prev ?? null) === JSON.stringify(next ?? null)) continue;
    out[key] = AUDIT_SECRET_FIELDS.includes(key) ? ["•••", "•••"] : [bounded(prev), bounded(next)];
  }
  return out;
}

function encodeChanges(changes: AuditChanges | undefined): string | null {
  if (!changes || !Object.keys(changes).length) return null;
  const text = JSON.stringify(changes);
  return text.length > MAX_CHANGES ? JSON.stringify({ _truncated: [null, Object.keys(changes).join(", ").slice(0, MAX_VALUE)] }) : text;
}

function actorOf(ctx: AuditCtx): AuditActor {
  if (ctx.actor) return ctx.actor;
  const u = ctx.user;
  if (!u || u.id === 0) return { type: "system", id: null, name: "system" };
  return { type: "user", id: u.id, name: u.email ? `${u.name} <${u.email}>` : u.name };
}

/**
 * Records one audit entry. `db` defaults to `ctx.db`; inside a change's transaction pass the
 * transaction, so the entry commits (or rolls back) with the change.
 */
export async function audit(ctx: AuditCtx, event: AuditEvent, target?: AuditTarget | null, changes?: AuditChanges, db: DbOrTx = ctx.db) {
  const actor = actorOf(ctx);
  const row = {
    companyId: ctx.companyId,
    at: ctx.clock?.now() ?? Date.now(),
    actorType: actor.type,
    actorId: actor.id,
    actorName: actor.name.slice(0, 200),
    event,
    targetType: target?.type ?? "",
    targetId: target?.id === null || target?.id === undefined ? "" : String(target.id).slice(0, 100),
    targetLabel: (target?.label ?? "").slice(0, 200),
    address: (ctx.address ?? "").slice(0, 64),
    changes: encodeChanges(changes),
  };
  // One prepared statement of the database (bun:sqlite runs one connection, so it also runs inside a transaction).
  const insert = prepared(ctx.db, "audit.insert", (d) =>
    d
      .insert(auditLog)
      .values({
        companyId: sql.placeholder("companyId"),
        at: sql.placeholder("at"),
        actorType: sql.placeholder("actorType"),
        actorId: sql.placeholder("actorId"),
        actorName: sql.placeholder("actorName"),
        event: sql.placeholder("event"),
        targetType: sql.placeholder("targetType"),
        targetId: sql.placeholder("targetId"),
        targetLabel: sql.placeholder("targetLabel"),
        address: sql.placeholder("address"),
        changes: sql.placeholder("changes"),
      })
      .prepare(),
  );
  if (db === ctx.db) await insert.run(row);
  else await db.insert(auditLog).values(row);
}
