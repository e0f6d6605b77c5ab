import { Elysia } from "elysia";
import { ContactCreateBody, ContactExportQuery, ContactOptOutBody, ContactUpdateBody } from "../../contract/schemas/contacts";
import { IdParam } from "../../contract/schemas/common";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { forbidden, parse } from "../../core/errors";
import { createContact, deleteContact, listContacts, listContactsForPicker, showContact, updateContact } from "../../modules/contacts";
import { setContactOptOut } from "../../modules/contacts";
import { canChangeOptOut } from "../../modules/contacts";
import { exportContacts, importContacts } from "../../modules/contacts";
import { byId, created, deleted, page, updated } from "./kit";

/** /contacts routes (R-API-1). */
export const contactsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/contacts", page(listContacts))
    .get("/contacts/list", page(listContactsForPicker))
    .get("/contacts/export", async ({ ctx, query }) => {
      const { lang } = parse(ContactExportQuery, query);
      const day = new Date().toISOString().slice(0, 10);
      return new Response(await exportContacts(ctx, lang), {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="contacts-${day}.csv"`,
          "cache-control": "no-store",
        },
      });
    })
    .post("/contacts/import", async ({ ctx, body }) => importContacts(ctx, (body as Record<string, unknown> | null)?.file))
    .get("/contacts/:id", byId(showContact))
    .post("/contacts", created(ContactCreateBody, createContact))
    .put("/contacts/:id", updated(ContactUpdateBody, updateContact))
    .put("/contacts/:id/opt-out", ({ ctx, params, body }) => {
      const id = parse(IdParam, params).id;
      // authorize before validating: a caller without the right gets 403 before any field error
      if (!canChangeOptOut(ctx.user)) throw forbidden();
      return setContactOptOut(ctx, id, parse(ContactOptOutBody, body).optedOut);
    })
    .delete("/contacts/:id", deleted(deleteContact, "Contact deleted"));
