import { COMPANY_LANGUAGES } from "@contract/auto-texts";

/**
 * The selects of the Opções tab (R-SET-3, R-SET-2), in screen order.
 * Labels are i18n keys `settings.<key>.label`, `settings.<key>.<value>` and `settings.<key>.hint`.
 */
export const OPTION_SETTINGS: readonly { key: string; values: readonly string[] }[] = [
  { key: "userRating", values: ["disabled", "enabled"] },
  { key: "scheduleType", values: ["disabled", "queue", "company"] },
  { key: "call", values: ["disabled", "enabled"] },
  { key: "CheckMsgIsGroup", values: ["disabled", "enabled"] },
  { key: "chatBotType", values: ["text"] },
  { key: "sendGreetingAccepted", values: ["disabled", "enabled"] },
  { key: "sendMsgTransfTicket", values: ["disabled", "enabled"] },
  { key: "sendGreetingMessageOneQueues", values: ["disabled", "enabled"] },
  { key: "language", values: COMPANY_LANGUAGES },
  { key: "requireSecondFactor", values: ["disabled", "enabled"] },
  { key: "singleSession", values: ["enabled", "disabled"] },
];

/** Settings that hide a feature the company has (shown only while the plan or the super user grants it; issue 22). */
export const FEATURE_OPTION_SETTINGS = [{ key: "campaignsEnabled", flag: "useCampaigns", values: ["true", "false"] }] as const;

/** R-SET-5: the "setting saved" toast stays 2 s. */
export const SAVED_TOAST_MS = 2_000;

/** The free-text settings (IXC, MK-AUTH and Asaas credentials, R-SET-4); secrets read back masked. */
export const INTEGRATION_SETTINGS = ["ipixc", "tokenixc", "ipmkauth", "clientidmkauth", "clientsecretmkauth", "asaas"] as const;
