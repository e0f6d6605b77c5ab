import type { ContactListDto, ContactListImportDto, ContactListItemDto } from "@contract/dto/contactLists";
import { api } from "./client";
import { uploadFile } from "./files";
import { listPage, resource } from "./resource";

export type ContactList = ContactListDto;
export type ContactListItem = ContactListItemDto;

/** GET /contact-lists: a page ordered by name. */
export const listContactLists = listPage<"records", ContactList>("/contact-lists");
/** GET /contact-lists/list: every list (the campaign dialog's picker). */
export const pickContactLists = () => api<ContactList[]>("/contact-lists/list");
/** A contact list's own calls. */
export const contactListsApi = resource<ContactList, { name: string }>("/contact-lists");

export interface ItemInput {
  name: string;
  number: string;
  email: string;
}

const pageOfItems = listPage<"contacts", ContactListItem>("/contact-list-items");
/** GET /contact-list-items of one list. */
export const listItems = (contactListId: number, searchParam: string, pageNumber: number) => pageOfItems(searchParam, pageNumber, { contactListId });
/** A list item's own calls; a new one names its list (`contactListId` in the body). */
export const itemsApi = resource<ContactListItem, ItemInput & { contactListId?: number }>("/contact-list-items");

/** POST /contact-lists/{id}/upload (multipart .xls/.xlsx). */
export const importItems = (contactListId: number, file: File) => uploadFile<ContactListImportDto>(`/contact-lists/${contactListId}/upload`, file);
