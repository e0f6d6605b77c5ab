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
    emailTaken: (db, email) => !!findUserByEmail(db, email),
    companyCreated(tx, company, plan, { admin, now }) {
      if (admin) insertUser(tx, { companyId: company.id, ...admin, profile: "admin" });
      invoiceIfDue(tx, company, plan, now, deps.config.timezone);
    },
    companyAccessEnded(ctx, companyId, why) {
      // A lapsed company's users may still sign in to reach the finance page: only their sockets close.
      if (why !== "subscription lapsed") endCompanySessions(ctx, companyId, why);
      else for (const u of listCompanyUsers(ctx.db, companyId)) if (!can(u, "subscription:exempt")) ctx.hub.closeUser(u.id, why);
    },
    queueCreated(tx, companyId, queueId, greeting) {
      const linked = linkNewQueue(tx, companyId, queueId, greeting);
      return () => {
        for (const w of linked) publishConnection(deps, w);
      };
    },
    assertBotRefs,
    connectionDeleting(tx, companyId, connectionId, now) {
      clearDefaultConnection(tx, companyId, connectionId);
      // Its tickets lose their connection (FK set null); an active one whose contact already has an
      // active connection-less ticket would break the one-active-ticket rule, so it is closed first.
      closeClashingTicketsOfConnection(tx, companyId, connectionId, now);
    },
    endUserSessions,
    releaseUserTickets,
  };
}
