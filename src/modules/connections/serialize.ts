import { todayDate } from "../../lib/dates";
import { maskToken } from "../../lib/mask";
import type { CloudApiDto, ConnectionDto, ConnectionQueue, HistoryImportDto, SessionStateDto } from "../../contract/dto/connections";
import type { WhatsappRow } from "./schema";

export type { ConnectionDto, ConnectionQueue };

/** The stored history-import state (JSON), or null when none ran or it cannot be read. */
function historyImportOf(json: string | null): HistoryImportDto | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as HistoryImportDto;
  } catch {
    return null;
  }
}

/** Reconnects counted today (the counter restarts with the day, UTC). */
export const reconnectsToday = (w: Pick<WhatsappRow, "reconnectsToday" | "reconnectsDay">) => (w.reconnectsDay === todayDate("UTC") ? w.reconnectsToday : 0);

/**
 * The public shape of a connection (R-CONN-1). The token is masked unless `revealToken`
 * (the admin's edit form); the Baileys auth state is never part of it.
 */
export function serializeConnection(
  w: WhatsappRow,
  queues: ConnectionQueue[],
  opts: { revealToken?: boolean; cloudApi?: CloudApiDto | null; node?: string | null } = {},
): ConnectionDto {
  const dto: ConnectionDto = {
    id: w.id,
    name: w.name,
    channel: w.channel,
    status: w.status,
    qrcode: w.qrcode,
    pairingCode: w.pairingCode,
    pairingNumber: w.pairingNumber,
    retries: w.retries,
    closeReason: w.closeReason,
    isDefault: w.isDefault,
    greetingMessage: w.greetingMessage,
    complationMessage: w.complationMessage,
    outOfHoursMessage: w.outOfHoursMessage,
    ratingMessage: w.ratingMessage,
    token: opts.revealToken ? (w.token ?? "") : maskToken(w.token),
    hasToken: !!w.token,
    provider: w.provider,
    promptId: w.promptId,
    integrationId: w.integrationId,
    sendIdQueue: w.sendIdQueue,
    timeSendQueue: w.timeSendQueue,
    maxUseBotQueues: w.maxUseBotQueues,
    timeUseBotQueues: w.timeUseBotQueues,
    expiresTicket: w.expiresTicket,
    expiresInactiveMessage: w.expiresInactiveMessage,
    queueIds: queues.map((q) => q.id),
    queues,
    lastMessageAt: w.lastMessageAt,
    lastAckAt: w.lastAckAt,
    reconnectsToday: reconnectsToday(w),
    historyDays: w.historyDays,
    historyImport: historyImportOf(w.historyImport),
    cloudApi: opts.cloudApi ?? null,
    companyId: w.companyId,
    createdAt: w.createdAt,
    updatedAt: w.updatedAt,
  };
  if (opts.node !== undefined) dto.node = opts.node;
  return dto;
}

/** The `whatsappSession` frame's session (R-CONN-4: status, updatedAt, qrcode, retries). */
export const serializeSession = (w: WhatsappRow): SessionStateDto => ({
  id: w.id,
  status: w.status,
  qrcode: w.qrcode,
  pairingCode: w.pairingCode,
  retries: w.retries,
  closeReason: w.closeReason,
  reconnectsToday: reconnectsToday(w),
  updatedAt: w.updatedAt,
});
