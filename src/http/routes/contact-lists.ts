import { Elysia } from "elysia";
import { ContactListBody, ContactListItemCreateBody, ContactListItemsQuery, ContactListItemUpdateBody } from "../../contract/schemas/contactLists";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { requireCampaigns } from "../../modules/campaigns";
import {
  createContactList,
  createItem,
  deleteContactList,
  deleteItem,
  importItems,
  listContactLists,
  listItems,
  pickContactLists,
  showContactList,
  showItem,
  updateContactList,
  updateItem,
} from "../../modules/contact-lists";
import { byId, created, deleted, page, updated, withFile } from "./kit";

/** /contact-lists and /contact-list-items (R-API-1), behind the campaign condition. */
export const contactListsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    // local to this plugin: every route below is behind the campaign condition
    .onBeforeHandle(({ ctx }) => requireCampaigns(ctx))
    .get("/contact-lists", page(listContactLists))
    .get("/contact-lists/list", ({ ctx }) => pickContactLists(ctx))
    .get("/contact-lists/:id", byId(showContactList))
    .post("/contact-lists", created(ContactListBody, createContactList))
    .put("/contact-lists/:id", updated(ContactListBody, updateContactList))
    .delete("/contact-lists/:id", deleted(deleteContactList, "Contact list deleted"))
    .post("/contact-lists/:id/upload", withFile(importItems))
    .get("/contact-list-items", ({ ctx, query }) => {
      const q = parse(ContactListItemsQuery, query);
      return listItems(ctx, q.contactListId, q.searchParam, q.pageNumber);
    })
    .get("/contact-list-items/:id", byId(showItem))
    .post("/contact-list-items", created(ContactListItemCreateBody, createItem))
    .put("/contact-list-items/:id", updated(ContactListItemUpdateBody, updateItem))
    .delete("/contact-list-items/:id", deleted(deleteItem, "Contact list item deleted"));
