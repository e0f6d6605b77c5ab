/** One message the send API stored and handed to the connection. */
export interface ExternalSentMessageDto {
  id: number;
  /** WhatsApp message id reserved for it. */
  wid: string;
  /** "sent" once the connection took it, "queued" while it waits, "failed" when it could not go. */
  status: string;
  mediaType: string;
}

/** The answer of POST /api/messages/send. */
export interface ExternalSendDto {
  mensagem: "Mensagem enviada";
  ticketId: number;
  contactId: number;
  messages: ExternalSentMessageDto[];
}
