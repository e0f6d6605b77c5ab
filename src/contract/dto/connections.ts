/** Session states of a connection (core.md §4.2). */
export type SessionStatus = "qrcode" | "PAIRING" | "OPENING" | "CONNECTED" | "TIMEOUT" | "DISCONNECTED";

/** The transport behind a connection: WhatsApp through Baileys, or the built-in sandbox phone. */
export type ConnectionChannel = "baileys" | "sandbox";

export interface ConnectionQueue {
  id: number;
  name: string;
  color: string;
  greetingMessage: string;
}

/** The wire shape of a connection (core.md §3 Connection); the token is masked outside the admin's edit form. */
export interface ConnectionDto {
  id: number;
  name: string;
  channel: ConnectionChannel;
  status: SessionStatus;
  qrcode: string;
  pairingCode: string;
  pairingNumber: string;
  retries: number;
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
  companyId: number;
  createdAt: string;
  updatedAt: string;
}

/** The `whatsappSession` frame's session (core.md §4.2: status, updatedAt, qrcode, retries). */
export interface SessionStateDto {
  id: number;
  status: SessionStatus;
  qrcode: string;
  pairingCode: string;
  retries: number;
  updatedAt: string;
}
