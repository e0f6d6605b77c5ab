/**
 * What a module asks of the modules that depend on its rows. They sit above it, so it cannot import
 * them: each question or reaction is one function here, wired by the composition root (`src/hooks.ts`)
 * to the modules that answer, and reached as `deps.hooks`. A hook runs where it is called: inside the
 * caller's transaction when it is handed `tx`, and in the caller's order.
 */
import type { DbOrTx } from "./db";
import type { Ctx } from "./deps";

/** A company just written (the fields the modules that react need). */
export interface CreatedCompany {
  id: number;
  name: string;
  email: string;
  dueDate: string | null;
  isPlatform: boolean;
}

/** Why a company's people lose access: blocked or deleted (sessions end), or lapsed (only sockets close). */
export type AccessEnd = "company blocked" | "company deleted" | "subscription lapsed";

export interface Hooks {
  /** How many companies are on a plan (plans: a plan in use cannot be deleted). */
  companiesOnPlan(db: DbOrTx, planId: number): number;
  /** Whether some user already has this email (companies: a new company's admin needs a free one). */
  emailTaken(db: DbOrTx, email: string): boolean;
  /**
   * A company was created, inside its transaction (companies): its admin user when one is given, its
   * first invoice when it is already due.
   */
  companyCreated(
    tx: DbOrTx,
    company: CreatedCompany,
    plan: { name: string; value: number },
    opts: { admin: { name: string; email: string; passwordHash: string } | null; now: Date },
  ): void;
  /** A company's people lose access (companies): sessions end, or sockets close for a lapsed subscription. */
  companyAccessEnded(ctx: Ctx, companyId: number, why: AccessEnd): void;
  /**
   * A queue was created, inside its transaction (queues): it joins the connections that serve every
   * queue. Answers what to announce after the commit.
   */
  queueCreated(tx: DbOrTx, companyId: number, queueId: number, greeting: string): () => void;
  /** A queue or a connection may point only at an integration and a prompt of its own company (D5): else a field error. */
  assertBotRefs(ctx: Ctx, refs: { integrationId?: number | null; promptId?: number | null }): void;
  /**
   * A connection is being deleted, inside its transaction (connections): users lose it as their
   * default; an active ticket that would clash once it loses its connection is closed.
   */
  connectionDeleting(tx: DbOrTx, companyId: number, connectionId: number, now: string): void;
  /** A user's sessions end: tokens, refresh families, sockets (users: password changed, demoted, deleted). */
  endUserSessions(ctx: Ctx, userId: number, reason: string): void;
  /** A user is being deleted: their open tickets go back to pending, with the texts that follow (R-TKT-11). */
  releaseUserTickets(ctx: Ctx, userId: number): Promise<void>;
}
