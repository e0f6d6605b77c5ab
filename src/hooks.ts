/**
 * The hooks (`Hooks` in core/deps.ts) wired to the modules that answer them: what happens above a module when
 * its rows change. One place to read, for each lower module, what its changes entail elsewhere.
 */
import { can } from "./contract/permissions";
import type { Deps } from "./core/deps";
import type { Hooks } from "./core/deps";
import { endCompanySessions, endUserSessions } from "./modules/auth";
import { companiesOnPlan } from "./modules/companies";
import { linkNewQueue } from "./modules/connections";
import { publishConnection } from "./modules/connections";
import { assertBotRefs } from "./modules/integrations";
import { invoiceIfDue } from "./modules/invoices";
import { closeClashingTicketsOfConnection } from "./modules/tickets";
import { releaseUserTickets } from "./modules/tickets";
import { clearDefaultConnection, insertUser } from "./modules/users";
import { findUserByEmail, listCompanyUsers } from "./modules/users";

/** The hooks of these deps. */
export function createHooks(deps: Deps): Hooks {
  return {
    companiesOnPlan,
    emailTaken: async (db, email) => !!(await findUserByEmail(db, email)),
    async companyCreated(tx, company, plan, { admin, now }) {
      if (admin) await insertUser(tx, { companyId: company.id, ...admin, profile: "admin" });
      await invoiceIfDue(tx, company, plan, now, deps.config.timezone);
    },
    async companyAccessEnded(ctx, companyId, why) {
      // A lapsed company's users may still sign in to reach the finance page: only their sockets close.
      if (why !== "subscription lapsed") await endCompanySessions(ctx, companyId, why);
      else for (const u of await listCompanyUsers(ctx.db, companyId)) if (!can(u, "subscription:exempt")) ctx.hub.closeUser(u.id, why);
    },
    async queueCreated(tx, companyId, queueId, greeting) {
      const linked = await linkNewQueue(tx, companyId, queueId, greeting);
      return async () => {
        for (const w of linked) await publishConnection(deps, w);
      };
    },
    assertBotRefs,
    async connectionDeleting(tx, companyId, connectionId, now) {
      await clearDefaultConnection(tx, companyId, connectionId);
      // Its tickets lose their connection (FK set null); an active one whose contact already has an
      // active connection-less ticket would break the one-active-ticket rule, so it is closed first.
      await closeClashingTicketsOfConnection(tx, companyId, connectionId, now);
    },
    endUserSessions,
    releaseUserTickets,
  };
}
