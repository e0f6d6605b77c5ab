/** The tickets module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export { AUTOMATIC_HEADER, sendCompletionMessage } from "./automatic-texts";
export { frameTicket, publishTicket, publishTicketFrame, publishUnreadReset } from "./events";
export { autoTransferTickets, closeUnratedTickets, expireInactiveTickets } from "./jobs";
export { deleteTicket, openForContact } from "./lifecycle";
export {
  botAssignUser,
  botChooseQueue,
  botMenuSent,
  botResetToMenu,
  botStartedAt,
  clearUnread,
  closeBySystem,
  closeClashingTicketsOfConnection,
  handToHuman,
  moveTicketsToContact,
  noteMessage,
  type Place,
  refreshPreview,
  setBotState,
  setIntegrationState,
  ticketForInbound,
  ticketForOutbound,
} from "./lifecycle-system";
export { canHandleEveryTicket, canViewEveryTicket, canViewTicket, visibleTicketsWhere } from "./policy";
export { findCurrentTicket, findCurrentTickets, findTicketRow } from "./queries";
export { handleRatingAnswer } from "./rating";
export { type TicketRow, tickets, TRACKING_SUPPORT_MINUTES, TRACKING_WAIT_MINUTES } from "./schema";
export type { TicketDto } from "./serialize";
export { findTicketLoaded, getVisibleTicket, listTickets, loadTicket, loadTickets, showTicket, showTicketByUuid } from "./service";
export { ticketChanges } from "./service-changes";
export { addTicketTag, moveKanbanTag, removeKanbanTags, syncTicketTags } from "./service-tags";
export { releaseUserTickets, updateTicket } from "./service-update";
