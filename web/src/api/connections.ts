import { api } from "./client";

export type SessionStatus = "qrcode" | "PAIRING" | "OPENING" | "CONNECTED" | "TIMEOUT" | "DISCONNECTED";
export type ConnectionChannel = "baileys" | "sandbox";

export interface ConnectionQueue {
  id: number;
  name: string;
  color: string;
  greetingMessage: string;
}

/** A connection as GET /whatsapp answers it (token masked in lists). */
export interface Connection {
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
  updatedAt: string;
}

/** The `whatsappSession` frame's session. */
export interface SessionUpdate {
  id: number;
  status: SessionStatus;
  qrcode: string;
  pairingCode: string;
  retries: number;
  updatedAt: string;
}

export type ConnectionInput = Partial<Omit<Connection, "id" | "status" | "qrcode" | "pairingCode" | "retries" | "queues" | "hasToken" | "updatedAt">>;

/** GET /whatsapp?session=0 (what the layout asks for). */
export const listConnections = () => api<Connection[]>("/whatsapp", { query: { session: 0 } });
export const getConnection = (id: number) => api<Connection>(`/whatsapp/${id}`);
export const createConnection = (body: ConnectionInput) => api<Connection>("/whatsapp", { method: "POST", body });
export const updateConnection = (id: number, body: ConnectionInput) => api<Connection>(`/whatsapp/${id}`, { method: "PUT", body });
export const deleteConnection = (id: number) => api(`/whatsapp/${id}`, { method: "DELETE" });

/** POST /whatsappsession/{id}: start (try again). */
export const startSession = (id: number) => api(`/whatsappsession/${id}`, { method: "POST" });
/** PUT /whatsappsession/{id}: a new QR, or a pairing code for `pairingNumber`. */
export const refreshSession = (id: number, pairingNumber?: string) =>
  api(`/whatsappsession/${id}`, { method: "PUT", body: pairingNumber ? { pairingNumber } : {} });
/** DELETE /whatsappsession/{id}: disconnect (logout). */
export const endSession = (id: number) => api(`/whatsappsession/${id}`, { method: "DELETE" });
