import type OpenAI from "openai";
import type { Config } from "../../config";
import { LIMITS } from "../../contract/limits";
import { ExternalError, readCapped } from "../integrations/http";
import type { PromptRow } from "./schema";

/** The phrase the model starts its answer with when a person must take over (BEHAVIOUR.md §10.5). */
export const TRANSFER_PHRASE = "Ação: Transferir para o setor de atendimento";

const clients = new Map<string, OpenAI>();

/** One client per API key and base URL (a changed key takes effect at once). */
async function clientFor(config: Config, apiKey: string): Promise<OpenAI> {
  const key = `${config.openaiBaseUrl}|${apiKey}`;
  let c = clients.get(key);
  if (!c) {
    // The client is loaded with the first assistant call (~30 ms of import that a cold start does not need).
    const { default: OpenAIClient } = await import("openai");
    c = new OpenAIClient({ apiKey, baseURL: config.openaiBaseUrl || undefined, timeout: LIMITS.externalCallTimeoutMs, maxRetries: 0 });
    if (clients.size > 200) clients.delete(clients.keys().next().value as string);
    clients.set(key, c);
  }
  return c;
}

/** The customer's first name for the model: first word, letters and digits only, at most 60 characters. */
export function firstNameOf(name: string): string {
  const first = (name.trim().split(/\s+/)[0] ?? "").replace(/[^\p{L}\p{N}]/gu, "").slice(0, 60);
  return first || "Amigo(a)";
}

/** The system message: how to address the customer, stay within maxTokens, and when to hand over (then the company's prompt). */
export function systemMessage(prompt: PromptRow, customerName: string): string {
  return [
    `Nas respostas, use o nome ${firstNameOf(customerName)} para se dirigir ao cliente.`,
    `Responda em no máximo ${prompt.maxTokens} tokens e cuide para não truncar o final.`,
    "Seja sempre cordial.",
    `Sempre que possível, mencione o nome do cliente. Se o cliente pedir para falar com uma pessoa, ou se for preciso encaminhá-lo ao setor de atendimento, comece a resposta com '${TRANSFER_PHRASE}'.`,
    "",
    prompt.prompt,
  ].join("\n");
}

export interface AssistantAnswer {
  text: string;
  /** The model asked for a person: the ticket goes to the prompt's queue. */
  transfer: boolean;
}

/**
 * Asks the model (official `openai` client, configurable base URL) with the last messages of the
 * ticket as context; fromMe → assistant, the customer's → user. Called outside any transaction.
 */
export async function askAssistant(
  config: Config,
  prompt: PromptRow,
  history: { fromMe: boolean; body: string }[],
  customerName: string,
): Promise<AssistantAnswer> {
  const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
    { role: "system", content: systemMessage(prompt, customerName) },
    ...history.map((m) => ({ role: m.fromMe ? ("assistant" as const) : ("user" as const), content: m.body.slice(0, 4000) })),
  ];
  let content: string;
  try {
    const res = await (await clientFor(config, prompt.apiKey)).chat.completions.create({
      model: prompt.model,
      messages,
      max_tokens: prompt.maxTokens,
      temperature: prompt.temperature,
    });
    content = res.choices?.[0]?.message?.content ?? "";
  } catch (e) {
    throw new ExternalError(`assistant: ${(e as Error).message ?? String(e)}`);
  }
  const transfer = content.includes(TRANSFER_PHRASE);
  const text = content
    .replace(TRANSFER_PHRASE, "")
    .replace(/^[\s:.-]+/, "")
    .trim();
  return { text, transfer };
}

/** A customer's voice note as text (whisper-1 through the same client), so the assistant can answer it. */
export async function transcribe(config: Config, prompt: PromptRow, bytes: Uint8Array<ArrayBuffer>, fileName: string): Promise<string> {
  try {
    const res = await (await clientFor(config, prompt.apiKey)).audio.transcriptions.create({
      file: await (await import("openai")).toFile(bytes, fileName),
      model: "whisper-1",
    });
    return (res.text ?? "").trim();
  } catch (e) {
    throw new ExternalError(`transcription: ${(e as Error).message ?? String(e)}`);
  }
}

/** A voice answer: the text synthesised by the speech service as Ogg/Opus (the prompt's voice, key and region). */
export async function synthesize(config: Config, prompt: PromptRow, text: string): Promise<Uint8Array<ArrayBuffer>> {
  const url = config.speechUrl.replace("{region}", encodeURIComponent(prompt.voiceRegion));
  const esc = text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] as string);
  const ssml = `<speak version='1.0' xml:lang='pt-BR'><voice name='${prompt.voice}'>${esc}</voice></speak>`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: {
        "Ocp-Apim-Subscription-Key": prompt.voiceKey,
        "Content-Type": "application/ssml+xml",
        "X-Microsoft-OutputFormat": "ogg-24khz-16bit-mono-opus",
      },
      body: ssml,
      signal: AbortSignal.timeout(LIMITS.externalCallTimeoutMs),
    });
  } catch (e) {
    throw new ExternalError(`speech: ${String(e)}`);
  }
  if (!res.ok) throw new ExternalError(`speech: HTTP ${res.status}`);
  return readCapped(res, LIMITS.uploadMaxBytes);
}
