import { Elysia } from "elysia";
import { IdParam, PageQuery } from "../../contract/schemas/common";
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

/** /contact-lists and /contact-list-items (R-API-1), behind the campaign condition. */
export const contactListsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    // local to this plugin: every route below is behind the campaign condition
    .onBeforeHandle(({ ctx }) => requireCampaigns(ctx))
    .get("/contact-lists", ({ ctx, query }) => {
      const q = parse(PageQuery, query);
      return listContactLists(ctx, q.searchParam, q.pageNumber);
    })
    .get("/contact-lists/list", ({ ctx }) => pickContactLists(ctx))
    .get("/contact-lists/:id", ({ ctx, params }) => showContactList(ctx, parse(IdParam, params).id))
    .post("/contact-lists", ({ ctx, body, set }) => {
      const list = createContactList(ctx, parse(ContactListBody, body));
      set.status = 201;
      return list;
    })
    .put("/contact-lists/:id", ({ ctx, params, body }) => updateContactList(ctx, parse(IdParam, params).id, parse(ContactListBody, body)))
    .delete("/contact-lists/:id", ({ ctx, params }) => {
      deleteContactList(ctx, parse(IdParam, params).id);
      return { message: "Contact list deleted" };
    })
    .post("/contact-lists/:id/upload", ({ ctx, params, body }) => importItems(ctx, parse(IdParam, params).id, (body as Record<string, unknown> | null)?.file))
    .get("/contact-list-items", ({ ctx, query }) => {
      const q = parse(ContactListItemsQuery, query);
      return listItems(ctx, q.contactListId, q.searchParam, q.pageNumber);
    })
    .get("/contact-list-items/:id", ({ ctx, params }) => showItem(ctx, parse(IdParam, params).id))
    .post("/contact-list-items", async ({ ctx, body, set }) => {
      const item = await createItem(ctx, parse(ContactListItemCreateBody, body));
      set.status = 201;
      return item;
    })
    .put("/contact-list-items/:id", ({ ctx, params, body }) => updateItem(ctx, parse(IdParam, params).id, parse(ContactListItemUpdateBody, body)))
    .delete("/contact-list-items/:id", ({ ctx, params }) => {
      deleteItem(ctx, parse(IdParam, params).id);
      return { message: "Contact list item deleted" };
    });
