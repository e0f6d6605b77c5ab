/**
 * The AI assistant answering customers (R-INT-12): the ticket's last messages as context,
 * a voice note transcribed first, the transfer phrase handing over, a neural voice answering with a
 * voice note. When the assistant fails (its server answers an error or times out), the customer is
 * told so in a short holding message and the ticket goes to the prompt's hand-over queue, for people.
 */
import { voiceNoteUpload } from "../../modules/media";
import type { InboundMessage } from "../../core/channel";
import { VOICE_NOTE_PREFIX } from "../../contract/media";
import type { Deps } from "../../core/deps";
import { checkUpload, mediaKey, storeUpload } from "../../modules/media";
import { log } from "../../lib/logger";
import { ExternalError } from "../../modules/integrations";
import { findByWid, recentTexts } from "../../modules/messages";
import { askAssistant, synthesize, transcribe } from "../../modules/prompts";
import type { PromptRow } from "../../modules/prompts";
import { companyAutoText } from "../../modules/settings";
import { addSystemNote } from "../../modules/ticket-notes";
import { transferTo } from "./automation-handover";
import type { BotStep } from "./step";

/** The note a person reads on a ticket whose integration or assistant failed. */
export const failureNote = (name: string) => `A automação "${name}" não respondeu; o atendimento foi passado para a equipe.`;

/**
 * One answer of the assistant. A voice note is always transcribed, whatever label its channel stored
 * as its text ("Áudio"): the transcript, not the label, is what the model reads.
 */
export async function runPrompt(s: BotStep, prompt: PromptRow, msg: InboundMessage) {
  const stored = msg.kind === "audio" ? await findByWid(s.deps.db, s.ticket.companyId, s.conn.id, msg.id) : undefined;
  const history = stored
    ? await recentTexts(s.deps.db, s.ticket.id, Math.max(prompt.maxMessages - 1, 0), stored.id)
    : await recentTexts(s.deps.db, s.ticket.id, prompt.maxMessages);
  if (msg.kind === "audio") {
    const heard = stored ? await transcribeStored(s.deps, s.ticket.companyId, prompt, stored) : "";
    if (!heard) throw new ExternalError("badAnswer", "the voice note could not be transcribed");
    history.push({ fromMe: false, body: heard });
  } else if (!msg.body.trim()) {
    throw new ExternalError("badAnswer", "the assistant reads text and voice notes only");
  }
  const ans = await askAssistant(s.deps, prompt, history, s.contactName);
  if (!ans.text && !ans.transfer) throw new ExternalError("badAnswer", "the assistant gave an empty answer");
  if (ans.text) {
    if (prompt.voice !== "texto" && prompt.voiceKey && prompt.voiceRegion) await sayVoice(s, prompt, ans.text);
    else await s.say(ans.text);
  }
  if (ans.transfer) await transferTo(s, prompt.queueId);
}

/**
 * The assistant could not answer: the customer hears the holding message (the prompt's, or the default
 * in the company's language), the ticket goes to the prompt's hand-over queue where people watch it
 * (through the lifecycle), and a note on the ticket says why.
 */
export async function promptFailed(s: BotStep, prompt: PromptRow, err: unknown) {
  log.warn("assistant failed; customer told, ticket handed to people", { ticketId: s.ticket.id, promptId: prompt.id, err: String(err) });
  const text = prompt.holdingMessage.trim() || (await companyAutoText(s.deps, s.ticket.companyId, "aiHolding"));
  try {
    await s.say(text);
  } catch (e) {
    // the hand-over must happen even when the holding message cannot be stored
    log.warn("holding message not sent", { ticketId: s.ticket.id, err: String(e) });
  }
  await transferTo(s, prompt.queueId);
  await addSystemNote(s.deps, s.ticket, failureNote(prompt.name));
}

async function transcribeStored(deps: Deps, companyId: number, prompt: PromptRow, row: { mediaUrl: string | null; mediaName: string | null }): Promise<string> {
  const key = mediaKey(companyId, row.mediaUrl);
  const read = key ? await deps.blobs.get(key) : null;
  if (!read) return "";
  const bytes = new Uint8Array(await new Response(read.stream).arrayBuffer());
  return transcribe(deps, prompt, bytes, row.mediaName || "audio.ogg");
}

async function sayVoice(s: BotStep, prompt: PromptRow, text: string) {
  const audio = await synthesize(s.deps, prompt, text);
  const name = `${VOICE_NOTE_PREFIX}-assistente-${Date.now()}.ogg`;
  const note = await voiceNoteUpload(checkUpload(s.deps, new File([audio], name, { type: "audio/ogg" }), "voice"));
  const stored = await storeUpload(s.deps.blobs, s.ticket.companyId, "messages", note);
  await s.deps.outbox.send(s.ticket, {
    body: "",
    isAutomatic: true,
    media: { mediaPath: stored.mediaPath, mime: stored.mime, fileName: stored.mediaName, ptt: true },
  });
}
