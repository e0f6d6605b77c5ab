import type { InboundMessage, MenuSpec } from "../../core/channel";
import type { Deps } from "../../core/deps";
import type { WhatsappRow } from "../../modules/connections";
import type { TicketRow } from "../../modules/tickets";
import type { DeliveryReads } from "../delivery-reads";

/** What one bot step works with. */
export interface BotStep {
  deps: Deps;
  ticket: TicketRow;
  conn: WhatsappRow;
  contactName: string;
  /** The reads the delivery's answers share (the connection's queues), when the step answers a delivery. */
  reads?: DeliveryReads;
  body: string;
  /** The customer's message being answered (integrations and assistants read it whole). */
  msg?: InboundMessage;
  /**
   * Sends an automatic answer (text, then the optional media); the loop breaker may stop it. A menu
   * goes out as buttons or a list where the channel has them, else as the text (its numbered lines).
   */
  say(text: string, media?: { mediaPath: string | null; mediaName: string | null } | null, menu?: MenuSpec): Promise<void>;
}
