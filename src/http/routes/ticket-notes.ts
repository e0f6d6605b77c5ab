import { Elysia } from "elysia";
import { TicketNoteBody, TicketNoteListQuery } from "../../contract/schemas/tickets";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { createNote, deleteNote, listNotes } from "../../modules/ticket-notes";
import { deleted } from "./kit";

/** /ticket-notes routes (R-API-1). */
export const ticketNotesRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/ticket-notes/list", ({ ctx, query }) => listNotes(ctx, parse(TicketNoteListQuery, query)))
    .post("/ticket-notes", ({ ctx, body, set }) => {
      set.status = 201;
      return createNote(ctx, parse(TicketNoteBody, body));
    })
    .delete("/ticket-notes/:id", deleted(deleteNote, "Note deleted"));
