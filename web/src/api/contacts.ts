import type { ContactDto, ContactExtraInfo, ContactImportReportDto } from "@contract/dto/contacts";
import { api } from "./client";
import { downloadFile, uploadFile } from "./files";
import { listPage, resource } from "./resource";

/** One extra-info field in the contact form: saved ones carry their id. */
export type ExtraInfo = Omit<ContactExtraInfo, "id"> & { id?: number };

export type Contact = ContactDto;

export interface ContactInput {
  name: string;
  number: string;
  email: string;
  extraInfo: ExtraInfo[];
}

export type ImportReport = ContactImportReportDto;

/** GET /contacts: a page of 30 ordered by name. */
export const listContacts = listPage<"contacts", Contact>("/contacts");
/** A contact's own calls. */
export const contactsApi = resource<Contact, ContactInput>("/contacts");
/** PUT /contacts/{id}/opt-out (admins): out of campaigns, or back in. */
export const setContactOptOut = (id: number, optedOut: boolean) => api<Contact>(`/contacts/${id}/opt-out`, { method: "PUT", body: { optedOut } });

/** POST /contacts/import (multipart .xls/.xlsx). */
export const importContacts = (file: File) => uploadFile<ImportReport>("/contacts/import", file);

/** GET /contacts/export → a CSV download, its headers in the user's language. */
export const exportContacts = (lang: string) => downloadFile(`/contacts/export?lang=${encodeURIComponent(lang)}`, "contacts.csv");
