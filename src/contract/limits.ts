/** Business constants of the spec (core.md §9, features.md §9). Shared by server and web. */
export const LIMITS = {
  trialDays: 7,
  subscriptionWarningDays: 5,
  nameMin: 2,
  nameMax: 50,
  passwordMin: 5,
  passwordMax: 50,
  contactNumberMin: 8,
  contactNumberMax: 50,
  noteMin: 2,
  scheduleBodyMin: 5,
  fileListNameMin: 3,
  /** Options (files) in one file list. */
  fileListOptionsMax: 20,
  tagNameMin: 3,
  searchMinChars: 3,
  searchDebounceMs: 500,
  submitDelayMs: 400,
  errorToastMs: 2000,
  userStatusPingMs: 300_000,
  socketPingMs: 18_000,
  infiniteScrollPx: 100,
  messagesTopPx: 50,
  mobileBreakpointPx: 600,
  quickAnswerLabelMax: 35,
  inputMaxRows: 5,
  audioMinBytes: 10_000,
  pageSize: 20,
  ticketsPageSize: 40,
  messagesPageSize: 20,
  contactsPageSize: 30,
  uploadMaxBytes: 16 * 1024 * 1024,
  /** A message waiting for its connection longer than this fails visibly (the agent may retry it). */
  outboxTimeoutMs: 10 * 60_000,
  /** External send API: sends per connection token per minute, text length, files per call. */
  apiSendsPerMinute: 60,
  apiBodyMax: 4096,
  apiFilesMax: 5,
  /** Calls to integrations and AI services give up after this long (the ticket then goes to a person). */
  externalCallTimeoutMs: 15_000,
} as const;

export const PROFILES = ["admin", "user", "supervisor"] as const;
export type Profile = (typeof PROFILES)[number];

export const RECURRENCES = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 } as const;
export type Recurrence = keyof typeof RECURRENCES;

export const PLAN_FLAGS = ["useCampaigns", "useSchedules", "useInternalChat", "useExternalApi", "useKanban", "useOpenAi", "useIntegrations"] as const;
export type PlanFlag = (typeof PLAN_FLAGS)[number];

export const WEEKDAYS = [
  { weekday: "Segunda-feira", weekdayEn: "monday" },
  { weekday: "Terça-feira", weekdayEn: "tuesday" },
  { weekday: "Quarta-feira", weekdayEn: "wednesday" },
  { weekday: "Quinta-feira", weekdayEn: "thursday" },
  { weekday: "Sexta-feira", weekdayEn: "friday" },
  { weekday: "Sábado", weekdayEn: "saturday" },
  { weekday: "Domingo", weekdayEn: "sunday" },
] as const;

export interface OpeningHours {
  weekday: string;
  weekdayEn: string;
  startTime: string;
  endTime: string;
}

/** Default opening hours: Monday-Friday 08:00-18:00, Saturday 08:00-12:00, Sunday closed. */
export function defaultOpeningHours(): OpeningHours[] {
  return WEEKDAYS.map((d) => ({
    ...d,
    startTime: d.weekdayEn === "sunday" ? "00:00" : "08:00",
    endTime: d.weekdayEn === "sunday" ? "00:00" : d.weekdayEn === "saturday" ? "12:00" : "18:00",
  }));
}

/** Per-company setting keys and their defaults for a new company (BEHAVIOUR.md §12.1). */
export const DEFAULT_SETTINGS: Record<string, string> = {
  userRating: "disabled",
  scheduleType: "disabled",
  call: "disabled",
  CheckMsgIsGroup: "enabled",
  sendGreetingAccepted: "disabled",
  sendMsgTransfTicket: "disabled",
  sendGreetingMessageOneQueues: "disabled",
  chatBotType: "text",
  allTicket: "disabled",
  userCreation: "enabled",
  ipixc: "",
  tokenixc: "",
  ipmkauth: "",
  clientidmkauth: "",
  clientsecretmkauth: "",
  asaas: "",
};
