import * as v from "valibot";
import { idField, nameField, PageQuery } from "./common";
import { contactNumberField, optionalEmailField } from "./contacts";

/** POST/PUT /contact-lists (R-CMP-15: name required, 2-50). */
export const ContactListBody = v.object({ name: nameField });
export type ContactListInput = v.InferOutput<typeof ContactListBody>;

/** GET /contact-list-items: the list's id plus the usual search and page. */
export const ContactListItemsQuery = v.object({ ...PageQuery.entries, contactListId: idField });

/** The item form (R-CMP-15: name 2-50, number 8-50, valid email or empty). */
export const ContactListItemForm = v.object({
  name: nameField,
  number: contactNumberField,
  email: optionalEmailField,
});

/** POST /contact-list-items. */
export const ContactListItemCreateBody = v.object({
  name: nameField,
  number: contactNumberField,
  email: optionalEmailField,
  contactListId: idField,
});
export type ContactListItemCreateInput = v.InferOutput<typeof ContactListItemCreateBody>;

/** PUT /contact-list-items/{id}. */
export const ContactListItemUpdateBody = v.object({
  name: v.optional(nameField),
  number: v.optional(contactNumberField),
  email: v.optional(optionalEmailField),
});
export type ContactListItemUpdateInput = v.InferOutput<typeof ContactListItemUpdateBody>;
