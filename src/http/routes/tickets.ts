import { Elysia } from "elysia";
import * as v from "valibot";
import { idField } from "../../contract/schemas/common";
import { TagSyncBody, TicketChangesBody, TicketCreateBody, TicketListQuery, TicketUpdateBody } from "../../contract/schemas/tickets";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { requireFeature } from "../../modules/companies";
import { deleteTicket, openForContact } from "../../modules/tickets";
import { listTickets, showTicket, showTicketByUuid } from "../../modules/tickets";
import { ticketChanges } from "../../modules/tickets";
import { addTicketTag, moveKanbanTag, removeKanbanTags, syncTicketTags } from "../../modules/tickets";
import { updateTicket } from "../../modules/tickets";
import { byId, deleted, updated } from "./kit";

const UuidParam = v.object({ uuid: v.pipe(v.string(), v.uuid("validation.invalid")) });
const TicketTagParams = v.object({ ticketId: idField, tagId: idField });
const TicketIdParam = v.object({ ticketId: idField });
/** The kanban lane a card moves to: a kanban tag, or null for "Em aberto". */
const KanbanMoveBody = v.object({ tagId: v.nullable(idField) });

/** /tickets, /ticket/kanban, /tags/sync and /ticket-tags routes (R-API-1). */
export const ticketsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/tickets", ({ ctx, query }) => listTickets(ctx, parse(TicketListQuery, query)))
    .get("/ticket/kanban", async ({ ctx, query }) => {
      await requireFeature(ctx, "useKanban");
      return listTickets(ctx, parse(TicketListQuery, query), { statuses: ["open", "pending"] });
    })
    .post("/tickets/changes", ({ ctx, body }) => ticketChanges(ctx, parse(TicketChangesBody, body)))
    .get("/tickets/u/:uuid", ({ ctx, params }) => showTicketByUuid(ctx, parse(UuidParam, params).uuid))
    .get("/tickets/:id", byId(showTicket))
    .post("/tickets", async ({ ctx, body, set }) => {
      const res = await openForContact(ctx, parse(TicketCreateBody, body));
      set.status = res.created ? 201 : 200;
      return res.ticket;
    })
    .put("/tickets/:id", updated(TicketUpdateBody, updateTicket))
    .delete("/tickets/:id", deleted(deleteTicket, "Ticket deleted sucessfully."))
    .post("/tags/sync", ({ ctx, body }) => {
      const input = parse(TagSyncBody, body);
      return syncTicketTags(ctx, input.ticketId, input.tags);
    })
    .put("/ticket-tags/:ticketId/kanban", async ({ ctx, params, body }) => {
      await requireFeature(ctx, "useKanban");
      return moveKanbanTag(ctx, parse(TicketIdParam, params).ticketId, parse(KanbanMoveBody, body).tagId);
    })
    .put("/ticket-tags/:ticketId/:tagId", async ({ ctx, params }) => {
      await requireFeature(ctx, "useKanban");
      const p = parse(TicketTagParams, params);
      return addTicketTag(ctx, p.ticketId, p.tagId);
    })
    .delete("/ticket-tags/:ticketId", async ({ ctx, params }) => {
      await requireFeature(ctx, "useKanban");
      return removeKanbanTags(ctx, parse(TicketIdParam, params).ticketId);
    });
