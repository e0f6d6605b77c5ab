/** The contacts module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export { mergeByLid, type MoveContactHistory, upsertPeerContact } from "./channel";
export { isNumberOptedOut, markOptedOut, setContactOptOut } from "./opt-out";
export { canChangeOptOut } from "./policy";
export { findContact, findContactByNumber, findContactsByNumbers } from "./queries";
export { type ContactRow, contacts, foldName } from "./schema";
export { createContact, deleteContact, listContacts, listContactsForPicker, serializeContact, showContact, updateContact } from "./service";
export { exportContacts, importContacts } from "./service-import";
export { parseSheetOffThread } from "./spreadsheet-pool";
