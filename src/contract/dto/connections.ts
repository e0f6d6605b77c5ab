/** Session states of a connection (R-CONN-4). */
export type SessionStatus = "qrcode" | "PAIRING" | "OPENING" | "CONNECTED" | "TIMEOUT" | "DISCONNECTED";

/** The transport behind a connection: WhatsApp through Baileys, the official WhatsApp Cloud API, or the built-in sandbox phone. */
export type ConnectionChannel = "baileys" | "cloudapi" | "sandbox";

export interface ConnectionQueue {
  id: number;
  name: string;
  color: string;
  greetingMessage: string;
}

/** The background import of a newly linked number's recent 1:1 chats (closed tickets). */
export interface HistoryImportDto {
  status: "running" | "done";
  /** 0-100 as WhatsApp's history sync reports it (null when unknown). */
  progress: number | null;
  chats: number;
  messages: number;
  startedAt: string;
  finishedAt: string | null;
}

/** The wire shape of a connection (R-CONN-1); the token is masked outside the admin's edit form. */
export interface ConnectionDto {
  id: number;
  name: string;
  channel: ConnectionChannel;
  status: SessionStatus;
  qrcode: string;
  pairingCode: string;
  pairingNumber: string;
  retries: number;
  /** Why the session last closed: a code of src/contract/close-reasons.ts ("" when never). */
  closeReason: string;
  isDefault: boolean;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  token: string;
  hasToken: boolean;
  provider: string;
  promptId: number | null;
  integrationId: number | null;
  sendIdQueue: number | null;
  timeSendQueue: number;
  maxUseBotQueues: number;
  timeUseBotQueues: number;
  expiresTicket: number;
  expiresInactiveMessage: string;
  queueIds: number[];
  queues: ConnectionQueue[];
  lastMessageAt: string | null;
  lastAckAt: string | null;
  reconnectsToday: number;
  /** Recent history imported on linking: days back (0 = off). */
  historyDays: number;
  historyImport: HistoryImportDto | null;
  /** Channel "cloudapi" only (null otherwise). */
  cloudApi: CloudApiDto | null;
  /**
   * Several nodes on PostgreSQL, admins only: the node running the session under its lease (null: none now). Absent
   * on one box, for agents and in realtime frames (which reach every user).
   */
  node?: string | null;
  companyId: number;
  createdAt: string;
  updatedAt: string;
}

/** The `whatsappSession` frame's session (R-CONN-4: status, updatedAt, qrcode, retries). */
export interface SessionStateDto {
  id: number;
  status: SessionStatus;
  qrcode: string;
  pairingCode: string;
  retries: number;
  /** Why the session last closed: a code of src/contract/close-reasons.ts ("" when never). */
  closeReason: string;
  /** Unexpected reconnects counted today (the connection card's health line follows it live). */
  reconnectsToday: number;
  updatedAt: string;
}

/**
 * A Cloud API connection's account and health. The token and the app secret are always masked; the
 * webhook path and the verify token (what to paste into Meta's app settings) only reach admins.
 */
export interface CloudApiDto {
  phoneNumberId: string;
  wabaId: string;
  displayPhoneNumber: string;
  verifiedName: string;
  accessToken: string;
  appSecret: string;
  /** `/cloudapi/webhook/{key}` (admins only; null otherwise). */
  webhookPath: string | null;
  verifyToken: string | null;
  lastWebhookAt: string | null;
  lastStatusAt: string | null;
  /** Graph errors, failed statuses and refused webhooks in the last hour and the last 24 hours. */
  errorsLastHour: number;
  errorsLastDay: number;
}
