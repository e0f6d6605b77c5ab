/** Business constants (limits, page sizes, timings), each described by its rule in docs/rules/. Shared by server and web. */
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
  // well under the 5 minutes after which the offline sweep takes a silent user for gone (R-AUTH-9)
  userStatusPingMs: 120_000,
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
  /** Items one contact list may hold (a campaign of 10,000 contacts fits twice). */
  contactListMaxItems: 20_000,
  /** Message texts and confirmation texts of a campaign (R-CMP-1). */
  campaignMessages: 5,
  campaignMessageMax: 4_000,
  /** A PROGRAMADA campaign is editable while its start is more than this far away (R-CMP-3). */
  campaignEditLeadMs: 60 * 60_000,
  /** The report reloads this long after a live update shows FINALIZADA (R-CMP-13). */
  campaignReportReloadMs: 5_000,
  /** A campaign waiting for confirmations ends this long after its last confirmation request. */
  campaignConfirmWindowMs: 24 * 60 * 60_000,
  /** Consecutive failed sends after which a campaign pauses itself (ban-aware). */
  campaignFailurePause: 3,
  /** Campaign variables per company. */
  campaignVariablesMax: 50,
  /** Opt-out words per company, characters per word, characters of the confirmation text. */
  optOutWordsMax: 50,
  optOutWordMax: 40,
  optOutConfirmationMax: 1_000,
  /** An opt-out word counts when the contact got a campaign message within this long. */
  optOutWindowMs: 30 * 24 * 60 * 60_000,
  /** External send API: sends per connection token per minute, text length, files per call. */
  apiSendsPerMinute: 60,
  apiBodyMax: 4096,
  apiFilesMax: 5,
  /** Calls to integrations and AI services give up after this long (the ticket then goes to a person). */
  externalCallTimeoutMs: 15_000,
  /** Audit log: entries per page, rows one CSV export may hold. */
  auditPageSize: 50,
  auditExportMax: 100_000,
  /** Second factor: recovery codes per set; the sign-in challenge's life and wrong answers it takes. */
  recoveryCodes: 10,
  secondStepTtlMs: 5 * 60_000,
  secondStepAttempts: 5,
  /** A forced setup of a second factor (after the password) may take this long. */
  enrolTtlMs: 15 * 60_000,
  /** Passkeys per user; a passkey's name length. */
  passkeysMax: 20,
  passkeyNameMax: 60,
  /** Characters of an assistant's holding message (said when it fails and people take over). */
  holdingMessageMax: 1_000,
  /** A user's to-do list: characters per task, tasks per user, tasks per page of GET /todos. */
  todoTextMax: 500,
  todosMax: 500,
  todosPageSize: 100,
} as const;

const MB = 1024 * 1024;

/**
 * Bounds on what a request may carry, in one place (issue 10). Bodies past their bound are refused
 * with 413 ERR_BODY_TOO_LARGE before they are read; spreadsheets are checked before they are parsed.
 */
export const INPUT_LIMITS = {
  /** JSON, text and urlencoded bodies. */
  jsonBytes: 1 * MB,
  /** A Cloud API webhook delivery (Meta batches up to 1,000 updates; its payloads stay under 3 MB). */
  cloudWebhookBytes: 3 * MB,
  /** Multipart forms (attachments of file lists, schedules, spreadsheets): one file of LIMITS.uploadMaxBytes plus the form. */
  formBytes: 16 * MB + MB,
  /** Multipart sends to customers (chat, sandbox, external API): WhatsApp's largest kind (documents, 100 MB) plus the form. */
  mediaFormBytes: 100 * MB + MB,
  /** Spreadsheet imports (contacts, contact lists): the upload bound of any attachment (LIMITS.uploadMaxBytes) plus the form. */
  spreadsheetBytes: 16 * MB + MB,
  /** Rows one spreadsheet may hold. */
  spreadsheetRows: 50_000,
  /** What an .xlsx/.ods may expand to (sum of its zip entries), and how many entries it may have. */
  spreadsheetUncompressedBytes: 64 * MB,
  spreadsheetZipEntries: 2_000,
  /** A spreadsheet taking longer than this to parse is abandoned. */
  spreadsheetParseMs: 20_000,
} as const;

/** Campaign statuses (R-CMP-2). */
export const CAMPAIGN_STATUSES = ["INATIVA", "PROGRAMADA", "EM_ANDAMENTO", "CANCELADA", "FINALIZADA"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Why a running campaign waits (shown on its row and report). */
export const CAMPAIGN_PAUSE_REASONS = ["connection", "failures", "dailyLimit", "outOfHours"] as const;
export type CampaignPauseReason = (typeof CAMPAIGN_PAUSE_REASONS)[number];

/** The default opt-out words, in the three languages (a company edits its own list). */
export const CAMPAIGN_OPT_OUT_WORDS = [
  "SAIR",
  "PARAR",
  "CANCELAR",
  "DESCADASTRAR",
  "REMOVER",
  "NÃO QUERO",
  "STOP",
  "UNSUBSCRIBE",
  "CANCEL",
  "QUIT",
  "BAJA",
  "DARME DE BAJA",
  "NO QUIERO",
] as const;

/** Campaign setting options in seconds and their defaults (R-CMP-14). */
export const CAMPAIGN_INTERVALS = [0, 5, 10, 15, 20] as const;
export const CAMPAIGN_LONG_INTERVALS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;
export const CAMPAIGN_SETTING_DEFAULTS = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [] as { key: string; value: string }[],
  /** Messages per connection per day (0 = no cap). */
  dailyLimit: 0,
  /** Send only inside the company's opening hours. */
  onlyInOpeningHours: false,
  /** Whole answers that take a contact out of campaigns (compared without case or accents). */
  optOutWords: [...CAMPAIGN_OPT_OUT_WORDS] as string[],
  /** The one message confirming an opt-out; empty = the default text in the company's language. */
  optOutConfirmation: "",
};

/** Replies that confirm a campaign's confirmation request (compared without case, accents or punctuation). */
export const CAMPAIGN_CONFIRM_WORDS = [
  "sim",
  "s",
  "yes",
  "y",
  "si",
  "ok",
  "okay",
  "1",
  "confirmo",
  "confirmar",
  "confirmado",
  "quero",
  "claro",
  "pode",
] as const;

export const PROFILES = ["admin", "user", "supervisor"] as const;
export type Profile = (typeof PROFILES)[number];

export const RECURRENCES = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 } as const;
export type Recurrence = keyof typeof RECURRENCES;

export const PLAN_FLAGS = ["useCampaigns", "useSchedules", "useInternalChat", "useExternalApi", "useKanban", "useOpenAi", "useIntegrations"] as const;
export type PlanFlag = (typeof PLAN_FLAGS)[number];

/**
 * The company setting that may hide a feature its plan (or the super user) grants: "false" hides it,
 * anything else leaves it. A setting never grants a feature (issue 22).
 */
export const FEATURE_SETTINGS: Partial<Record<PlanFlag, string>> = { useCampaigns: "campaignsEnabled" };

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

/** Per-company setting keys and their defaults for a new company (R-SET-2). */
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
  language: "pt-BR",
  ipixc: "",
  tokenixc: "",
  ipmkauth: "",
  clientidmkauth: "",
  clientsecretmkauth: "",
  asaas: "",
  /** Every user of the company must sign in with a second factor (those without one set it up at their next sign-in). */
  requireSecondFactor: "disabled",
  /** One session per user: a new sign-in ends the others (D3). "disabled": several sessions, listed in the profile. */
  singleSession: "enabled",
};
