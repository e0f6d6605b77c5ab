/** The tags module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export {
  companyTagIds,
  kanbanTagIds,
  linkTicketTag,
  replaceTicketTags,
  tagsJsonOf,
  tagsOfTickets,
  type TicketTag,
  ticketsWithEveryTag,
  ticketsWithTag,
  unlinkTicketTags,
} from "./links";
export { createTag, deleteTag, getTag, kanbanTags, listAllTags, listTags, showTag, updateTag } from "./service";
