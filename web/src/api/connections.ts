import type { ConnectionChannel, ConnectionDto, ConnectionQueue, SessionStateDto, SessionStatus } from "@contract/dto/connections";
import type { CloudApiInput } from "@contract/schemas/connections";
import type { MessageTemplateDto } from "@contract/templates";
import { api } from "./client";
import { resource } from "./resource";

export type { ConnectionQueue, SessionStatus };
export type { ConnectionChannel };

/** A connection as GET /whatsapp answers it (token masked in lists). */
export type Connection = ConnectionDto;

/** The `whatsappSession` frame's session. */
export type SessionUpdate = SessionStateDto;

export type ConnectionInput = Partial<
  Omit<Connection, "id" | "status" | "qrcode" | "pairingCode" | "retries" | "queues" | "hasToken" | "updatedAt" | "cloudApi">
> & {
  /** Channel "cloudapi": the credentials (masked secrets sent back keep the stored ones). */
  cloudApi?: CloudApiInput;
};

/** GET /whatsapp?session=0 (what the layout asks for). */
export const listConnections = () => api<Connection[]>("/whatsapp", { query: { session: 0 } });
/** A connection's own calls. */
export const connectionsApi = resource<Connection, ConnectionInput>("/whatsapp");

/** POST /whatsappsession/{id}: start (try again). */
export const startSession = (id: number) => api(`/whatsappsession/${id}`, { method: "POST" });
/** PUT /whatsappsession/{id}: a new QR, or a pairing code for `pairingNumber`. */
export const refreshSession = (id: number, pairingNumber?: string) =>
  api(`/whatsappsession/${id}`, { method: "PUT", body: pairingNumber ? { pairingNumber } : {} });
/** DELETE /whatsappsession/{id}: disconnect (logout). */
export const endSession = (id: number) => api(`/whatsappsession/${id}`, { method: "DELETE" });

/** A connection's approved message templates (Cloud API). */
export type MessageTemplate = MessageTemplateDto;

/** GET /whatsapp/{id}/templates: the approved templates (fetched again from Meta when an hour old). */
export const listTemplates = (id: number) => api<{ templates: MessageTemplate[]; fetchedAt: string | null }>(`/whatsapp/${id}/templates`);
/** POST /whatsapp/{id}/templates/refresh (admins): fetched from Meta now. */
export const refreshTemplates = (id: number) =>
  api<{ templates: MessageTemplate[]; fetchedAt: string | null }>(`/whatsapp/${id}/templates/refresh`, { method: "POST" });
