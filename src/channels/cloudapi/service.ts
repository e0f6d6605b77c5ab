/** The Cloud API channel's services to the rest of the system (`deps.cloudApi`, core/channels.ts). */
import type { CloudApiChannel } from "../../core/channels";
import type { Deps } from "../../core/deps";
import { AppError } from "../../core/errors";
import { accountsOf, findAccount, resolveInput, sameCredentials, saveAccount, serializeAccount, verifyCredentials } from "./accounts";
import { credentialError } from "./errors";
import { ensureTemplates, refreshTemplates, resolveTemplate, storedTemplates } from "./templates";
import { receiveWebhook, verifySubscription } from "./webhook";
import { lastInboundAt } from "./window";

/** The Cloud API channel's services over these deps. */
export function cloudApiChannel(deps: Pick<Deps, "db" | "config" | "outbound" | "sessions">): CloudApiChannel {
  const { db } = deps;
  return {
    async account(connectionId, opts) {
      const a = await findAccount(db, connectionId);
      return a ? serializeAccount(a, opts) : null;
    },
    accounts: async (connectionIds) => new Map([...(await accountsOf(db, connectionIds))].map(([id, a]) => [id, serializeAccount(a)])),
    resolveCredentials: async (input, connectionId) => resolveInput(input, connectionId === undefined ? undefined : await findAccount(db, connectionId)),
    async credentialsChanged(input, connectionId) {
      const a = await findAccount(db, connectionId);
      return !a || !sameCredentials(input, a);
    },
    verifyCredentials: (input, exceptConnectionId) => verifyCredentials(deps, input, exceptConnectionId),
    saveCredentials: async (tx, ref, input, verified) => {
      await saveAccount(tx, ref, input, verified);
    },
    lastInboundAt: (connectionId, number) => lastInboundAt(db, connectionId, number),
    resolveTemplate: (connectionId, choice) => resolveTemplate(db, connectionId, choice),
    ensureTemplates: (connectionId, now) => ensureTemplates(deps, connectionId, now),
    async templates(connectionId, { refresh, now }) {
      if (refresh) {
        try {
          await refreshTemplates(deps, connectionId);
        } catch (e) {
          const { code } = credentialError(e);
          throw new AppError(code, code === "ERR_CLOUD_UNREACHABLE" ? 502 : 400);
        }
      }
      await ensureTemplates(deps, connectionId, now);
      return { templates: await storedTemplates(db, connectionId), fetchedAt: (await findAccount(db, connectionId))?.templatesFetchedAt ?? null };
    },
    verifySubscription: (key, query) => verifySubscription(deps, key, query),
    receiveWebhook: (key, raw, signature) => receiveWebhook(deps, key, raw, signature),
  };
}
