/** The contact-lists module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export { checkListNumbers } from "./jobs";
export { findContactList, targetItems } from "./queries";
export {
  createContactList,
  createItem,
  createListOf,
  deleteContactList,
  deleteItem,
  getContactList,
  importItems,
  listContactLists,
  listItems,
  pickContactLists,
  showContactList,
  showItem,
  updateContactList,
  updateItem,
} from "./service";
