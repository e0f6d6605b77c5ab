import type { Outbound } from "../../lib/net/guard";
import { postJson } from "./http";

/** What we POST to an n8n or webhook integration for each customer message (README documents it). */
export interface WebhookPayload {
  event: "message";
  integration: { id: number; name: string; type: string };
  company: { id: number };
  connection: { id: number; name: string };
  ticket: { id: number; uuid: string; status: string; queueId: number | null };
  contact: { id: number; name: string; number: string };
  message: { id: string; body: string; fromMe: boolean; kind: string; timestamp: number; pushName: string | null };
}

export interface WebhookReply {
  /** Texts to send back to the customer. */
  messages: string[];
  /** The flow asks for a person: the ticket leaves the integration. */
  handoff: boolean;
}

/** POSTs the message and reads an optional answer `{messages: [string | {text}], handoff?: true}`. */
export async function callWebhook(net: Outbound, url: string, payload: WebhookPayload): Promise<WebhookReply> {
  const answer = (await postJson(net, url, payload)) as { messages?: unknown; handoff?: unknown } | null;
  const list = Array.isArray(answer?.messages) ? answer.messages : [];
  const messages = list
    .map((m) =>
      typeof m === "string" ? m : m && typeof m === "object" && typeof (m as { text?: unknown }).text === "string" ? (m as { text: string }).text : "",
    )
    .filter((t) => t.trim())
    .slice(0, 20)
    .map((t) => t.slice(0, 4096));
  return { messages, handoff: answer?.handoff === true };
}
