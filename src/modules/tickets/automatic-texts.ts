/**
 * Automatic texts that follow a ticket change (R-BOT-9, R-BOT-10, R-BOT-11), sent through the
 * outbox after the change is committed and marked automatic (D17).
 */
import type { Deps } from "../../core/deps";
import { renderTemplate } from "../../lib/template";
import { findConnection } from "../connections";
import { findContact } from "../contacts";
import { getSetting } from "../settings";
import { findTicketRow } from "./queries";
import type { TicketRow } from "./schema";

export const AUTOMATIC_HEADER = "*Mensagem Automática*:";

const render = async (deps: Deps, t: TicketRow, text: string) => {
  const contact = await findContact(deps.db, t.companyId, t.contactId);
  return renderTemplate(text, { name: contact?.name }, deps.config.timezone);
};

const send = (deps: Deps, t: TicketRow, body: string, userId?: number) => deps.outbox.send(t, { body, isAutomatic: true, userId: userId ?? null });

const fresh = async (deps: Deps, t: TicketRow) => (await findTicketRow(deps.db, t.companyId, t.id)) ?? t;

/** After accept, with sendGreetingAccepted "enabled" on a 1:1 ticket: who is handling the chat now. */
export async function sendAcceptGreeting(deps: Deps, t: TicketRow, agent: { id: number; name: string }) {
  if (t.isGroup || (await getSetting(deps, t.companyId, "sendGreetingAccepted")) !== "enabled") return;
  const text = `${AUTOMATIC_HEADER}\n{{ms}} *{{name}}*, meu nome é *${agent.name}* e agora vou prosseguir com seu atendimento!`;
  await send(deps, await fresh(deps, t), await render(deps, t, text), agent.id);
}

/** The transfer text when sendMsgTransfTicket is "enabled" (R-BOT-9); none when nothing a customer cares about changed. */
export function transferText(before: TicketRow, after: TicketRow, names: { queue?: string; user?: string }): string | null {
  const header = `${AUTOMATIC_HEADER}\n`;
  const queueChanged = after.queueId !== null && after.queueId !== before.queueId;
  const userChanged = after.userId !== null && after.userId !== before.userId;
  if (queueChanged && userChanged && before.userId !== null) {
    return `${header}Você foi transferido para o departamento *${names.queue}* e será atendido por *${names.user}*.`;
  }
  if (queueChanged && (after.userId === null || after.userId === before.userId)) {
    return `${header}Você foi transferido para o departamento *${names.queue}*, aguarde que já vamos atender!`;
  }
  if (userChanged && before.userId !== null && !queueChanged) {
    return `${header}Você foi transferido para o atendente *${names.user}*, aguarde que já vamos atender!`;
  }
  return null;
}

/** Sends the transfer text when the setting asks for it. */
export async function sendTransferText(deps: Deps, before: TicketRow, after: TicketRow, names: { queue?: string; user?: string }, byUserId?: number) {
  if (after.isGroup || (await getSetting(deps, after.companyId, "sendMsgTransfTicket")) !== "enabled") return;
  const text = transferText(before, after, names);
  if (text) await send(deps, after, text, byUserId);
}

/** After a close: the connection's completion message (complationMessage), on 1:1 tickets. */
export async function sendCompletionMessage(deps: Deps, t: TicketRow, byUserId?: number) {
  if (t.isGroup || !t.whatsappId) return;
  const conn = await findConnection(deps.db, t.companyId, t.whatsappId);
  if (!conn?.complationMessage.trim()) return;
  await send(deps, await fresh(deps, t), await render(deps, t, conn.complationMessage), byUserId);
}
