import type { MediaType, MessageDto, MessagesPageDto } from "@contract/dto/messages";
import type { TemplateChoice } from "@contract/templates";
import { api, apiBlob } from "./client";
import type { ContactRef } from "./tickets";

export type { MediaType };

/** One message. */
export type Message = MessageDto;

export type MessagesPage = MessagesPageDto;

/** GET /messages/{ticketId}: 20 per page, chronological within the page; marks the ticket read. */
export const listMessages = (ticketId: number, pageNumber: number) => api<MessagesPage>(`/messages/${ticketId}`, { query: { pageNumber } });

/** POST /messages/{ticketId} with a text body and an optional quoted message. */
export const sendText = (ticketId: number, body: string, quotedId?: number) =>
  api<Message>(`/messages/${ticketId}`, { method: "POST", body: { body, ...(quotedId ? { quotedMsg: { id: quotedId } } : {}) } });

/**
 * POST /messages/{ticketId} as multipart: files under `medias`, an optional caption in `body`, and
 * in `hints` (JSON, one entry per file) what the browser measured of videos (preview frame, size, duration).
 */
export function sendMedia(ticketId: number, files: File[], body = "", quotedId?: number, hints?: unknown[]) {
  const form = new FormData();
  for (const f of files) form.append("medias", f, f.name);
  form.append("body", body);
  if (quotedId) form.append("quotedMsg", String(quotedId));
  if (hints?.some(Boolean)) form.append("hints", JSON.stringify(hints));
  return api<Message | Message[]>(`/messages/${ticketId}`, { method: "POST", body: form });
}

/** POST /messages/{ticketId}/template: one of the connection's approved templates (Cloud API). */
export const sendTemplate = (ticketId: number, choice: TemplateChoice) => api<Message>(`/messages/${ticketId}/template`, { method: "POST", body: choice });

/** POST /messages/reaction/{id}: reacts to a message with one emoji. */
export const sendReaction = (messageId: number, emoji: string) => api<Message>(`/messages/reaction/${messageId}`, { method: "POST", body: { emoji } });

/** POST /messages/{ticketId}/read: the open chat reads a message that just arrived. */
export const markRead = (ticketId: number) => api(`/messages/${ticketId}/read`, { method: "POST" });

/** DELETE /messages/{id}: own messages only. */
export const deleteMessage = (id: number) => api(`/messages/${id}`, { method: "DELETE" });

/** POST /messages/retry/{id}: sends a failed message again (same reserved id, never twice). */
export const retryMessage = (id: number) => api<Message>(`/messages/retry/${id}`, { method: "POST" });

/** A media file (/media/…) as a Blob, fetched with the bearer token. */
export const fetchMedia = (url: string) => apiBlob(url);

export type { ContactRef };
