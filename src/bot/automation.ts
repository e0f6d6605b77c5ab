/**
 * Queue integrations and AI prompts answering customers (R-INT-1): while a ticket
 * is held by one (useIntegration), every customer message goes to it and its replies go back
 * through the outbox. Outside calls run outside any transaction and time out; a failure, or the
 * service asking for a person, hands the ticket to the people of its queue (never silence).
 */
import { LIMITS } from "../contract/limits";
import { VOICE_NOTE_PREFIX } from "../contract/media";
import { voiceNoteUpload } from "../channels/media/prepare";
import { addressOf } from "../channels/address";
import type { InboundMessage } from "../channels/types";
import { checkUpload, extOfMime, mediaFile, storeUpload } from "../http/uploads";
import type { Deps } from "../http/context";
import { log } from "../lib/logger";
import { companyFeatures } from "../modules/companies/features";
import { detectIntent, parseServiceAccount } from "../modules/integrations/dialogflow";
import { ExternalError } from "../modules/integrations/http";
import { dropSession, findIntegration, findSession, type QueueIntegrationRow, saveSession } from "../modules/integrations/queries";
import { continueTypebot, startTypebot, type TypebotOut, typebotCommand } from "../modules/integrations/typebot";
import { callWebhook } from "../modules/integrations/webhook";
import { sendMessage } from "../modules/messages/service";
import { findByWid, recentTexts } from "../modules/messages/queries";
import { askAssistant, synthesize, transcribe } from "../modules/prompts/assistant";
import { findPrompt } from "../modules/prompts/queries";
import type { PromptRow } from "../modules/prompts/schema";
import { findContact } from "../modules/contacts/queries";
import { findQueue } from "../modules/queues/queries";
import { addSystemNote } from "../modules/ticket-notes/service";
import { botAssignUser, botChooseQueue, closeBySystem, handToHuman, setIntegrationState } from "../modules/tickets/lifecycle-system";
import { findTicketRow } from "../modules/tickets/queries";
import { isoNow } from "../lib/clock";
import type { BotStep } from "./menu";

/** Dialogflow's answer when it has none (R-INT-8). */
export const DIALOGFLOW_NO_ANSWER = "Desculpe, não consegui entender sua pergunta.";
/** The note a person reads on a ticket whose integration or assistant failed. */
export const failureNote = (name: string) => `A automação "${name}" não respondeu; o atendimento foi passado para a equipe.`;

export type Target = { integrationId: number } | { promptId: number };

/**
 * What answers for a queue or connection: its integration, else its prompt, when the company has
 * the feature (D2, issue 22: useIntegrations, useOpenAi); null when nothing applies.
 */
export function automationTarget(deps: Deps, companyId: number, ids: { integrationId: number | null; promptId: number | null }): Target | null {
  if (!ids.integrationId && !ids.promptId) return null;
  const features = companyFeatures(deps.db, companyId);
  if (ids.integrationId && features.useIntegrations) return { integrationId: ids.integrationId };
  if (ids.promptId && features.useOpenAi) return { promptId: ids.promptId };
  return null;
}

/**
 * Runs the automation holding the ticket, or starts the connection's own one (a ticket with no
 * queue yet). Answers false when no automation applies (the menu and options take over).
 */
export async function runAutomation(s: BotStep, msg: InboundMessage): Promise<boolean> {
  const t = s.ticket;
  if (t.useIntegration && (t.promptId || t.integrationId)) {
    const held = automationTarget(s.deps, t.companyId, { integrationId: t.promptId ? null : t.integrationId, promptId: t.promptId });
    // the plan lost the feature meanwhile: people take over, the usual flow goes on
    if (!held) {
      leave(s);
      return false;
    }
    await answer(s, msg, held);
    return true;
  }
  if (t.queueId || t.useIntegration) return false;
  const target = automationTarget(s.deps, t.companyId, s.conn);
  if (!target) return false;
  await startAutomation(s, msg, target, false);
  return true;
}

/**
 * A queue (or connection) with an integration or a prompt takes the ticket and answers this message;
 * when the message was only a menu number, a flow or webhook still starts on it, while an assistant
 * or Dialogflow waits for the customer's first real question.
 */
export async function startAutomation(s: BotStep, msg: InboundMessage, target: Target, menuChoice: boolean) {
  s.ticket = setIntegrationState(s.deps, s.ticket, {
    useIntegration: true,
    integrationId: "integrationId" in target ? target.integrationId : null,
    promptId: "promptId" in target ? target.promptId : null,
  });
  const integration = "integrationId" in target ? findIntegration(s.deps.db, s.ticket.companyId, target.integrationId) : undefined;
  if (!menuChoice || (integration && integration.type !== "dialogflow")) await answer(s, msg, target);
}

async function answer(s: BotStep, msg: InboundMessage, target: Target) {
  const { deps } = s;
  const integration = "integrationId" in target ? findIntegration(deps.db, s.ticket.companyId, target.integrationId) : undefined;
  const prompt = "promptId" in target ? findPrompt(deps.db, s.ticket.companyId, target.promptId) : undefined;
  if (!integration && !prompt) return leave(s);
  try {
    if (prompt) await runPrompt(s, prompt, msg);
    else if (integration?.type === "typebot") await runTypebot(s, integration, msg);
    else if (integration?.type === "dialogflow") await runDialogflow(s, integration, msg);
    else if (integration) await runWebhook(s, integration, msg);
  } catch (e) {
    const name = prompt?.name ?? integration?.name ?? "?";
    log.warn("automation failed; ticket handed to people", { ticketId: s.ticket.id, name, err: String(e) });
    dropSession(deps.db, s.ticket.id);
    leave(s);
    addSystemNote(deps, s.ticket, failureNote(name));
  }
}

/** The automation lets go: integration state cleared, bot off; the ticket waits for a person in its queue. */
function leave(s: BotStep) {
  dropSession(s.deps.db, s.ticket.id);
  s.ticket = setIntegrationState(s.deps, s.ticket, { useIntegration: false, integrationId: null, promptId: null });
  s.ticket = handToHuman(s.deps, s.ticket);
}

/**
 * Moves the ticket to a queue of its company (a Typebot command, an assistant's transfer), then lets
 * go; with a user of the company (Typebot's `{"queueId":n,"userId":m}`) that user also takes it.
 */
function transferTo(s: BotStep, queueId: number | null | undefined, userId?: number) {
  leave(s);
  if (queueId && queueId !== s.ticket.queueId && findQueue(s.deps.db, s.ticket.companyId, queueId)) {
    s.ticket = botChooseQueue(s.deps, s.ticket, queueId, false);
  }
  if (userId && botAssignUser(s.deps, s.ticket, userId)) s.ticket = findTicketRow(s.deps.db, s.ticket.companyId, s.ticket.id) ?? s.ticket;
}

/** "typing…" for `ms` before a flow's message (R-INT-6), where the channel can show it. */
async function typing(s: BotStep, ms: number) {
  if (ms <= 0) return;
  const adapter = s.deps.channels.get(s.conn.id);
  const contact = findContact(s.deps.db, s.ticket.companyId, s.ticket.contactId);
  const to = contact ? addressOf(contact) : null;
  const presence = (state: "composing" | "paused") => (to && adapter?.sendPresence ? adapter.sendPresence(to, state).catch(() => undefined) : undefined);
  await presence("composing");
  await new Promise((r) => setTimeout(r, Math.min(ms, 10_000)));
  await presence("paused");
}

/** Fetches a media URL a flow sent (through the guard: the flow steers it) and sends it as a file; the URL as text when that fails. */
async function sendUrl(s: BotStep, url: string) {
  try {
    const res = await s.deps.outbound.request(url, {}, { trust: "tenant", maxBytes: LIMITS.uploadMaxBytes });
    const mime = (res.headers.get("content-type") ?? "").split(";")[0].trim();
    const ext = extOfMime(mime);
    if (res.status < 200 || res.status >= 300 || !ext) throw new Error(`unusable media ${res.status} ${mime}`);
    const bytes = res.body;
    const checked = checkUpload(new File([bytes], `arquivo.${ext}`, { type: mime }), "attachment");
    const stored = await storeUpload(s.deps.config.mediaDir, s.ticket.companyId, "messages", checked);
    await sendMessage(s.deps, s.ticket, {
      body: "",
      isAutomatic: true,
      media: { path: `${s.deps.config.mediaDir}/${stored.mediaPath}`, mediaPath: stored.mediaPath, mime: stored.mime, fileName: stored.mediaName },
    });
  } catch (e) {
    log.info("flow media not fetched; sent as a link", { url, err: String(e) });
    await s.say(url);
  }
}

/** Typebot (R-INT-6): session with expiry, restart and finish keywords, commands, unknown-message text. */
async function runTypebot(s: BotStep, integ: QueueIntegrationRow, msg: InboundMessage) {
  const { deps } = s;
  const now = deps.clock.now();
  let session = findSession(deps.db, s.ticket.id);
  if (session && (session.integrationId !== integ.id || (integ.typebotExpires > 0 && now - Date.parse(session.updatedAt) > integ.typebotExpires * 60_000))) {
    dropSession(deps.db, s.ticket.id);
    session = undefined;
  }
  const body = msg.body.trim();
  const same = (k: string) => !!k && body.toLowerCase() === k.toLowerCase();
  if (same(integ.typebotKeywordRestart)) {
    dropSession(deps.db, s.ticket.id);
    if (integ.typebotRestartMessage) await s.say(integ.typebotRestartMessage);
    return;
  }
  if (same(integ.typebotKeywordFinish)) {
    dropSession(deps.db, s.ticket.id);
    closeBySystem(deps, s.ticket, "bot");
    return;
  }
  const vars = { number: msg.chat.number ?? "", pushName: msg.chat.pushName ?? s.contactName };
  let turn: { sessionId: string | null; out: TypebotOut[] };
  if (!session) {
    turn = await startTypebot(deps.outbound, integ.urlN8N, integ.typebotSlug, vars, integ.typebotUnknownMessage);
    if (!turn.sessionId) throw new ExternalError("badAnswer", "typebot gave no session");
    if (!turn.out.length && body) turn = await continueTypebot(deps.outbound, integ.urlN8N, turn.sessionId, body, integ.typebotUnknownMessage);
  } else {
    turn = await continueTypebot(deps.outbound, integ.urlN8N, session.sessionId, body, integ.typebotUnknownMessage);
  }
  saveSession(
    deps.db,
    { ticketId: s.ticket.id, companyId: s.ticket.companyId, integrationId: integ.id, sessionId: turn.sessionId as string },
    isoNow(deps.clock),
  );
  if (!turn.out.length) {
    if (integ.typebotUnknownMessage) await s.say(integ.typebotUnknownMessage);
    return;
  }
  for (const out of turn.out) {
    if (out.kind === "text") {
      const cmd = typebotCommand(out.text);
      if (cmd?.stopBot) return leave(s);
      if (cmd?.queueId) return transferTo(s, cmd.queueId, cmd.userId);
      if (cmd) continue;
    }
    await typing(s, integ.typebotDelayMessage);
    if (out.kind === "text") await s.say(out.text);
    else await sendUrl(s, out.url);
  }
}

/** n8n / webhook: the message goes out as JSON; the answer may carry texts and a hand-over. */
async function runWebhook(s: BotStep, integ: QueueIntegrationRow, msg: InboundMessage) {
  const r = await callWebhook(s.deps.outbound, integ.urlN8N, {
    event: "message",
    integration: { id: integ.id, name: integ.name, type: integ.type },
    company: { id: s.ticket.companyId },
    connection: { id: s.conn.id, name: s.conn.name },
    ticket: { id: s.ticket.id, uuid: s.ticket.uuid, status: s.ticket.status, queueId: s.ticket.queueId },
    contact: { id: s.ticket.contactId, name: s.contactName, number: msg.chat.number ?? "" },
    message: { id: msg.id, body: msg.body, fromMe: msg.fromMe, kind: msg.kind, timestamp: msg.timestamp, pushName: msg.chat.pushName ?? null },
  });
  for (const text of r.messages) await s.say(text);
  if (r.handoff) leave(s);
}

/** Dialogflow ES: one session per ticket; each reply prefixed with the integration's name; end of conversation hands back. */
async function runDialogflow(s: BotStep, integ: QueueIntegrationRow, msg: InboundMessage) {
  if (!msg.body.trim()) return;
  const sa = parseServiceAccount(integ.jsonContent);
  if (!sa) throw new ExternalError("badAnswer", "service account key unusable");
  const r = await detectIntent(s.deps, s.ticket.companyId, sa, integ.projectName, `ticket-${s.ticket.id}`, msg.body, integ.language);
  const texts = r.texts.length ? r.texts : [DIALOGFLOW_NO_ANSWER];
  for (const text of texts) await s.say(`*${integ.name}:* ${text}`);
  if (r.endConversation) leave(s);
}

/** The AI assistant (R-INT-12): the last maxMessages as context; the transfer phrase hands over; a voice answers with a voice note. */
async function runPrompt(s: BotStep, prompt: PromptRow, msg: InboundMessage) {
  const history = recentTexts(s.deps.db, s.ticket.id, prompt.maxMessages);
  if (!msg.body.trim()) {
    // a voice note is transcribed first (R-INT-12); anything else without text goes to people
    const heard = msg.kind === "audio" ? await transcribeStored(s, prompt, msg) : "";
    if (!heard) throw new ExternalError("badAnswer", "the assistant reads text and voice notes only");
    history.push({ fromMe: false, body: heard });
  }
  const ans = await askAssistant(s.deps, prompt, history, s.contactName);
  if (!ans.text && !ans.transfer) throw new ExternalError("badAnswer", "the assistant gave an empty answer");
  if (ans.text) {
    if (prompt.voice !== "texto" && prompt.voiceKey && prompt.voiceRegion) await sayVoice(s, prompt, ans.text);
    else await s.say(ans.text);
  }
  if (ans.transfer) transferTo(s, prompt.queueId);
}

async function transcribeStored(s: BotStep, prompt: PromptRow, msg: InboundMessage): Promise<string> {
  const row = findByWid(s.deps.db, s.ticket.companyId, s.conn.id, msg.id);
  const path = row?.mediaUrl ? mediaFile(s.deps.config.mediaDir, s.ticket.companyId, row.mediaUrl) : null;
  if (!path) return "";
  const bytes = new Uint8Array(await Bun.file(path).arrayBuffer());
  return transcribe(s.deps, prompt, bytes, row?.mediaName || "audio.ogg");
}

async function sayVoice(s: BotStep, prompt: PromptRow, text: string) {
  const audio = await synthesize(s.deps, prompt, text);
  const name = `${VOICE_NOTE_PREFIX}-assistente-${Date.now()}.ogg`;
  const note = await voiceNoteUpload(checkUpload(new File([audio], name, { type: "audio/ogg" }), "voice"));
  const stored = await storeUpload(s.deps.config.mediaDir, s.ticket.companyId, "messages", note);
  await sendMessage(s.deps, s.ticket, {
    body: "",
    isAutomatic: true,
    media: { path: `${s.deps.config.mediaDir}/${stored.mediaPath}`, mediaPath: stored.mediaPath, mime: stored.mime, fileName: stored.mediaName, ptt: true },
  });
}
