import type { TicketStatus } from "../schemas/tickets";
import type { QueueRef, TagRef, UserRef } from "./common";

/** The contact as a ticket carries it. */
export interface TicketContact {
  id: number;
  name: string;
  number: string;
  email: string;
  profilePicUrl: string;
  isGroup: boolean;
}

/** The wire shape of a ticket (R-TKT-1). */
export interface TicketDto {
  id: number;
  uuid: string;
  status: TicketStatus;
  companyId: number;
  contactId: number;
  contact: TicketContact;
  userId: number | null;
  user: UserRef | null;
  queueId: number | null;
  queue: QueueRef | null;
  whatsappId: number | null;
  whatsapp: { id: number; name: string; channel: string } | null;
  tags: TagRef[];
  lastMessage: string;
  unreadMessages: number;
  isGroup: boolean;
  chatbot: boolean;
  useIntegration: boolean;
  integrationId: number | null;
  promptId: number | null;
  /** Resolved with userRating on: the customer is asked for 1-3 and the ticket waits for the answer. */
  awaitingRating: boolean;
  createdAt: string;
  updatedAt: string;
}
