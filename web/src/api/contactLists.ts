import type { Page } from "@contract/dto/common";
import type { ContactListDto, ContactListImportDto, ContactListItemDto } from "@contract/dto/contactLists";
import { api } from "./client";
import { uploadFile } from "./files";

export type ContactList = ContactListDto;
export type ContactListItem = ContactListItemDto;

/** GET /contact-lists: a page ordered by name. */
export const listContactLists = (searchParam: string, pageNumber: number) =>
  api<Page<"records", ContactList>>("/contact-lists", { query: { searchParam, pageNumber } });
/** GET /contact-lists/list: every list (the campaign dialog's picker). */
export const pickContactLists = () => api<ContactList[]>("/contact-lists/list");
export const getContactList = (id: number) => api<ContactList>(`/contact-lists/${id}`);
export const createContactList = (input: { name: string }) => api<ContactList>("/contact-lists", { method: "POST", body: input });
export const updateContactList = (id: number, input: { name: string }) => api<ContactList>(`/contact-lists/${id}`, { method: "PUT", body: input });
export const deleteContactList = (id: number) => api(`/contact-lists/${id}`, { method: "DELETE" });

export interface ItemInput {
  name: string;
  number: string;
  email: string;
}

/** GET /contact-list-items of one list. */
export const listItems = (contactListId: number, searchParam: string, pageNumber: number) =>
  api<Page<"contacts", ContactListItem>>("/contact-list-items", { query: { contactListId, searchParam, pageNumber } });
export const getItem = (id: number) => api<ContactListItem>(`/contact-list-items/${id}`);
export const createItem = (contactListId: number, input: ItemInput) =>
  api<ContactListItem>("/contact-list-items", { method: "POST", body: { ...input, contactListId } });
export const updateItem = (id: number, input: ItemInput) => api<ContactListItem>(`/contact-list-items/${id}`, { method: "PUT", body: input });
export const deleteItem = (id: number) => api(`/contact-list-items/${id}`, { method: "DELETE" });

/** POST /contact-lists/{id}/upload (multipart .xls/.xlsx). */
export const importItems = (contactListId: number, file: File) => uploadFile<ContactListImportDto>(`/contact-lists/${contactListId}/upload`, file);
