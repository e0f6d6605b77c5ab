import { Elysia } from "elysia";
import { IdParam } from "../../contract/schemas/common";
import { TicketNoteBody, TicketNoteListQuery } from "../../contract/schemas/tickets";
import { authPlugin } from "../../http/auth";
import type { Deps } from "../../http/context";
import { parse } from "../../http/errors";
import { createNote, deleteNote, listNotes } from "./service";

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
