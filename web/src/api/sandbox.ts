import type { SandboxMessageDto } from "@contract/dto/sandbox";
import { api } from "./client";

export type SandboxType = "text" | "image" | "audio" | "document" | "location" | "contact";

/** One message as the sandbox phone shows it ("in" = the customer wrote it). */
export type SandboxMessage = SandboxMessageDto;

export interface SandboxCustomer {
  number: string;
  name: string;
  count: number;
  lastMessage: SandboxMessage;
}

export interface SandboxSend {
  number: string;
  name: string;
  type: SandboxType;
  body?: string;
  file?: File;
  latitude?: number;
  longitude?: number;
  vcard?: string;
}

export const listSandboxCustomers = (connectionId: number) => api<SandboxCustomer[]>(`/sandbox/${connectionId}/customers`);
export const sandboxConversation = (connectionId: number, number: string) =>
  api<{ number: string; messages: SandboxMessage[] }>(`/sandbox/${connectionId}/conversation`, { query: { number } });

/** POST /sandbox/{id}/messages: JSON, or multipart when a file goes with it. */
export function sendSandbox(connectionId: number, msg: SandboxSend) {
  const path = `/sandbox/${connectionId}/messages`;
  if (!msg.file) {
    const { file: _f, ...body } = msg;
    return api<SandboxMessage>(path, { method: "POST", body });
  }
  const form = new FormData();
  for (const [k, v] of Object.entries(msg)) if (v !== undefined && k !== "file") form.append(k, String(v));
  form.append("file", msg.file);
  return api<SandboxMessage>(path, { method: "POST", body: form });
}
