/**
 * Queue integrations and AI prompts answering customers (R-INT-1): while a ticket
 * is held by one (useIntegration), every customer message goes to it and its replies go back
 * through the outbox. Outside calls run outside any transaction and time out; a failure, or the
 * service asking for a person, hands the ticket to the people of its queue (never silence).
 */
import { LIMITS } from "../../contract/limits";
import { addressOf } from "../../core/channel";
import type { InboundMessage } from "../../core/channel";
import { checkUpload, extOfMime, storeUpload } from "../../modules/media";
import type { Deps } from "../../core/deps";
import { log } from "../../lib/logger";
import { companyFeatures } from "../../modules/companies";
import { detectIntent, parseServiceAccount } from "../../modules/integrations";
import { ExternalError } from "../../modules/integrations";
import { dropSession, findIntegration, findSession, type QueueIntegrationRow, saveSession } from "../../modules/integrations";
import { continueTypebot, startTypebot, type TypebotOut, typebotCommand } from "../../modules/integrations";
import { callWebhook } from "../../modules/integrations";
import { findPrompt } from "../../modules/prompts";
import { findContact } from "../../modules/contacts";
import { addSystemNote } from "../../modules/ticket-notes";
import { closeBySystem, setIntegrationState } from "../../modules/tickets";
import { isoNow } from "../../lib/clock";
import { leave, transferTo } from "./automation-handover";
import { failureNote, promptFailed, runPrompt } from "./automation-prompt";
import type { BotStep } from "./step";

/** Dialogflow's answer when it has none (R-INT-8). */
export const DIALOGFLOW_NO_ANSWER = "Desculpe, não consegui entender sua pergunta.";
export { failureNote };

export type Target = { integrationId: number } | { promptId: number };

/**
 * What answers for a queue or connection: its integration, else its prompt, when the company has
 * the feature (D2, issue 22: useIntegrations, useOpenAi); null when nothing applies.
 */
export async function automationTarget(deps: Deps, companyId: number, ids: { integrationId: number | null; promptId: number | null }): Promise<Target | null> {
  if (!ids.integrationId && !ids.promptId) return null;
  const features = await companyFeatures(deps, companyId);
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
    const held = await automationTarget(s.deps, t.companyId, { integrationId: t.promptId ? null : t.integrationId, promptId: t.promptId });
    // the plan lost the feature meanwhile: people take over, the usual flow goes on
    if (!held) {
      await leave(s);
      return false;
    }
    await answer(s, msg, held);
    return true;
  }
  if (t.queueId || t.useIntegration) return false;
  const target = await automationTarget(s.deps, t.companyId, s.conn);
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
  s.ticket = await setIntegrationState(s.deps, s.ticket, {
    useIntegration: true,
    integrationId: "integrationId" in target ? target.integrationId : null,
    promptId: "promptId" in target ? target.promptId : null,
  });
  const integration = "integrationId" in target ? await findIntegration(s.deps.db, s.ticket.companyId, target.integrationId) : undefined;
  if (!menuChoice || (integration && integration.type !== "dialogflow")) await answer(s, msg, target);
}

async function answer(s: BotStep, msg: InboundMessage, target: Target) {
  const { deps } = s;
  const integration = "integrationId" in target ? await findIntegration(deps.db, s.ticket.companyId, target.integrationId) : undefined;
  const prompt = "promptId" in target ? await findPrompt(deps.db, s.ticket.companyId, target.promptId) : undefined;
  if (!integration && !prompt) return leave(s);
  try {
    if (prompt) await runPrompt(s, prompt, msg);
    else if (integration?.type === "typebot") await runTypebot(s, integration, msg);
    else if (integration?.type === "dialogflow") await runDialogflow(s, integration, msg);
    else if (integration) await runWebhook(s, integration, msg);
  } catch (e) {
    if (prompt) return promptFailed(s, prompt, e);
    const name = integration?.name ?? "?";
    log.warn("automation failed; ticket handed to people", { ticketId: s.ticket.id, name, err: String(e) });
    await dropSession(deps.db, s.ticket.id);
    await leave(s);
    await addSystemNote(deps, s.ticket, failureNote(name));
  }
}

/** "typing…" for `ms` before a flow's message (R-INT-6), where the channel can show it. */
async function typing(s: BotStep, ms: number) {
  if (ms <= 0) return;
  const adapter = s.deps.channels.get(s.conn.id);
  const contact = await findContact(s.deps.db, s.ticket.companyId, s.ticket.contactId);
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
    const checked = checkUpload(s.deps, new File([bytes], `arquivo.${ext}`, { type: mime }), "attachment");
    const stored = await storeUpload(s.deps.blobs, s.ticket.companyId, "messages", checked);
    await s.deps.outbox.send(s.ticket, {
      body: "",
      isAutomatic: true,
      media: { mediaPath: stored.mediaPath, mime: stored.mime, fileName: stored.mediaName },
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
  let session: Awaited<ReturnType<typeof findSession>> | undefined = await findSession(deps.db, s.ticket.id);
  if (session && (session.integrationId !== integ.id || (integ.typebotExpires > 0 && now - Date.parse(session.updatedAt) > integ.typebotExpires * 60_000))) {
    await dropSession(deps.db, s.ticket.id);
    session = undefined;
  }
  const body = msg.body.trim();
  const same = (k: string) => !!k && body.toLowerCase() === k.toLowerCase();
  if (same(integ.typebotKeywordRestart)) {
    await dropSession(deps.db, s.ticket.id);
    if (integ.typebotRestartMessage) await s.say(integ.typebotRestartMessage);
    return;
  }
  if (same(integ.typebotKeywordFinish)) {
    await dropSession(deps.db, s.ticket.id);
    await closeBySystem(deps, s.ticket, "bot");
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
  await saveSession(
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
  if (r.handoff) await leave(s);
}

/** Dialogflow ES: one session per ticket; each reply prefixed with the integration's name; end of conversation hands back. */
async function runDialogflow(s: BotStep, integ: QueueIntegrationRow, msg: InboundMessage) {
  if (!msg.body.trim()) return;
  const sa = parseServiceAccount(integ.jsonContent);
  if (!sa) throw new ExternalError("badAnswer", "service account key unusable");
  const r = await detectIntent(s.deps, s.ticket.companyId, sa, integ.projectName, `ticket-${s.ticket.id}`, msg.body, integ.language);
  const texts = r.texts.length ? r.texts : [DIALOGFLOW_NO_ANSWER];
  for (const text of texts) await s.say(`*${integ.name}:* ${text}`);
  if (r.endConversation) await leave(s);
}
