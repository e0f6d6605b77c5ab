import type { TicketDto } from "../../contract/dto/tickets";
import type { TicketJoined } from "./queries";

type TagRef = { id: number; name: string; color: string; kanban: number };

/** The wire shape of a ticket (R-TKT-1). */
export function serializeTicket(j: TicketJoined, tagList: TagRef[] = []): TicketDto {
  const t = j.ticket;
  return {
    id: t.id,
    uuid: t.uuid,
    status: t.status,
    companyId: t.companyId,
    contactId: t.contactId,
    contact: j.contact,
    userId: t.userId,
    user: j.user?.id ? j.user : null,
    queueId: t.queueId,
    queue: j.queue?.id ? j.queue : null,
    whatsappId: t.whatsappId,
    whatsapp: j.whatsapp?.id ? j.whatsapp : null,
    tags: tagList,
    lastMessage: t.lastMessage,
    unreadMessages: t.unreadMessages,
    isGroup: t.isGroup,
    chatbot: t.chatbot,
    useIntegration: t.useIntegration,
    integrationId: t.integrationId,
    promptId: t.promptId,
    awaitingRating: !!t.awaitingRatingSince,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}
export type { TicketDto };
