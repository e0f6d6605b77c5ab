/** The chats module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export { createChat, deleteChat, listChatMessages, listChats, markChatRead, sendChatMessage, showChat, updateChat } from "./service";
