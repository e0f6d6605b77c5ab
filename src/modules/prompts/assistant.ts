import type OpenAI from "openai";
import { LIMITS } from "../../contract/limits";
import type { Deps } from "../../core/deps";
import { ExternalError } from "../../lib/net/guard";
import type { PromptRow } from "./schema";

/** The phrase the model starts its answer with when a person must take over (R-INT-12). */
export const TRANSFER_PHRASE = "Ação: Transferir para o setor de atendimento";

type AssistantDeps = Pick<Deps, "config" | "outbound" | "credentials">;
/** The largest answer read from the AI service (a chat completion or a transcription). */
const MAX_AI_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * One client per company, API key and base URL (a changed key takes effect at once), kept in the
 * credential cache. Its requests go through the guard with the operator's trust (OPENAI_BASE_URL is
 * configuration, not tenant data) and its time and size bounds.
 */
async function clientFor(deps: AssistantDeps, prompt: PromptRow): Promise<OpenAI> {
  const key = deps.credentials.key(prompt.companyId, `openai|${deps.config.openaiBaseUrl}`, prompt.apiKey);
  let c = deps.credentials.get<OpenAI>(key);
  if (!c) {
    // The client is loaded with the first assistant call (~30 ms of import that a cold start does not need).
    const { default: OpenAIClient } = await import("openai");
    c = new OpenAIClient({
      apiKey: prompt.apiKey,
      baseURL: deps.config.openaiBaseUrl || undefined,
      timeout: LIMITS.externalCallTimeoutMs,
      maxRetries: 0,
      fetch: deps.outbound.fetchFor({ trust: "operator", maxBytes: MAX_AI_ANSWER_BYTES }),
    });
    deps.credentials.set(key, c);
  }
  return c;
}

/** A failed AI call as an ExternalError: the guard's reason (the client wraps it as `cause`), the HTTP status, or a bad answer. */
function aiFailure(what: string, e: unknown): ExternalError {
  const err = e as { cause?: unknown; status?: unknown; message?: string };
  const inner = e instanceof ExternalError ? e : err?.cause instanceof ExternalError ? err.cause : null;
  if (inner) return new ExternalError(inner.reason, `${what}: ${inner.message}`, inner.httpStatus);
  if (typeof err?.status === "number") return new ExternalError("httpStatus", `${what}: HTTP ${err.status}`, err.status);
  return new ExternalError("badAnswer", `${what}: ${err?.message ?? String(e)}`);
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
  deps: AssistantDeps,
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
    const res = await (await clientFor(deps, prompt)).chat.completions.create({
      model: prompt.model,
      messages,
      max_tokens: prompt.maxTokens,
      temperature: prompt.temperature,
    });
    content = res.choices?.[0]?.message?.content ?? "";
  } catch (e) {
    throw aiFailure("assistant", e);
  }
  const transfer = content.includes(TRANSFER_PHRASE);
  const text = content
    .replace(TRANSFER_PHRASE, "")
    .replace(/^[\s:.-]+/, "")
    .trim();
  return { text, transfer };
}

/** A customer's voice note as text (whisper-1 through the same client), so the assistant can answer it. */
export async function transcribe(deps: AssistantDeps, prompt: PromptRow, bytes: Uint8Array<ArrayBuffer>, fileName: string): Promise<string> {
  try {
    const res = await (await clientFor(deps, prompt)).audio.transcriptions.create({
      file: await (await import("openai")).toFile(bytes, fileName),
      model: "whisper-1",
    });
    return (res.text ?? "").trim();
  } catch (e) {
    throw aiFailure("transcription", e);
  }
}

/**
 * A voice answer: the text synthesised by the speech service as Ogg/Opus (the prompt's voice, key and
 * region). SPEECH_URL is the operator's; the company's region only fills one DNS label of it.
 */
export async function synthesize(deps: AssistantDeps, prompt: PromptRow, text: string): Promise<Uint8Array<ArrayBuffer>> {
  if (!/^[a-z0-9-]{1,50}$/.test(prompt.voiceRegion)) throw new ExternalError("badUrl", "speech: invalid region");
  const url = deps.config.speechUrl.replace("{region}", prompt.voiceRegion);
  const esc = text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] as string);
  const ssml = `<speak version='1.0' xml:lang='pt-BR'><voice name='${prompt.voice}'>${esc}</voice></speak>`;
  const res = await deps.outbound.request(
    url,
    {
      method: "POST",
      headers: {
        "Ocp-Apim-Subscription-Key": prompt.voiceKey,
        "Content-Type": "application/ssml+xml",
        "X-Microsoft-OutputFormat": "ogg-24khz-16bit-mono-opus",
      },
      body: ssml,
    },
    { trust: "operator", maxBytes: LIMITS.uploadMaxBytes },
  );
  if (res.status < 200 || res.status >= 300) throw new ExternalError("httpStatus", `speech: HTTP ${res.status}`, res.status);
  return res.body;
}
