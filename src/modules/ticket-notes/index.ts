/** The ticket-notes module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export { addSystemNote, createNote, deleteNote, listNotes, moveNotesToContact } from "./service";
