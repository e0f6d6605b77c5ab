import { Elysia } from "elysia";
import { IdParam } from "../../contract/schemas/common";
import { TicketNoteBody, TicketNoteListQuery } from "../../contract/schemas/tickets";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { createNote, deleteNote, listNotes } from "../../modules/ticket-notes";

/** /ticket-notes routes (R-API-1). */
export const ticketNotesRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/ticket-notes/list", ({ ctx, query }) => listNotes(ctx, parse(TicketNoteListQuery, query)))
    .post("/ticket-notes", ({ ctx, body, set }) => {
      set.status = 201;
      return createNote(ctx, parse(TicketNoteBody, body));
    })
    .delete("/ticket-notes/:id", ({ ctx, params }) => {
      deleteNote(ctx, parse(IdParam, params).id);
      return { message: "Note deleted" };
    });
