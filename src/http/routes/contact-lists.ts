import { Elysia } from "elysia";
import { ContactListBody, ContactListItemCreateBody, ContactListItemsQuery, ContactListItemUpdateBody } from "../../contract/schemas/contactLists";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { requireCampaigns } from "../../modules/campaigns";
import * as contactLists from "../../modules/contact-lists";
import { byId, created, deleted, page, updated, withFile } from "./kit";

/** /contact-lists and /contact-list-items (R-API-1), behind the campaign condition. */
export const contactListsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    // local to this plugin: every route below is behind the campaign condition
    .onBeforeHandle(({ ctx }) => requireCampaigns(ctx))
    .get("/contact-lists", page(contactLists.listContactLists))
    .get("/contact-lists/list", ({ ctx }) => contactLists.pickContactLists(ctx))
    .get("/contact-lists/:id", byId(contactLists.showContactList))
    .post("/contact-lists", created(ContactListBody, contactLists.createContactList))
    .put("/contact-lists/:id", updated(ContactListBody, contactLists.updateContactList))
    .delete("/contact-lists/:id", deleted(contactLists.deleteContactList, "Contact list deleted"))
    .post("/contact-lists/:id/upload", withFile(contactLists.importItems))
    .get("/contact-list-items", ({ ctx, query }) => {
      const q = parse(ContactListItemsQuery, query);
      return contactLists.listItems(ctx, q.contactListId, q.searchParam, q.pageNumber);
    })
    .get("/contact-list-items/:id", byId(contactLists.showItem))
    .post("/contact-list-items", created(ContactListItemCreateBody, contactLists.createItem))
    .put("/contact-list-items/:id", updated(ContactListItemUpdateBody, contactLists.updateItem))
    .delete("/contact-list-items/:id", deleted(contactLists.deleteItem, "Contact list item deleted"));
