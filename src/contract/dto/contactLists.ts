/** The wire shape of a contact list (R-CMP-15). */
export interface ContactListDto {
  id: number;
  name: string;
  contactsCount: number;
  companyId: number;
  createdAt: string;
  updatedAt: string;
}

/** The wire shape of a contact list item (R-CMP-15); isWhatsappValid is null until checked. */
export interface ContactListItemDto {
  id: number;
  name: string;
  number: string;
  email: string;
  isWhatsappValid: boolean | null;
  companyId: number;
  contactListId: number;
}

/** The answer of POST /contact-lists/{id}/upload: a row-by-row report. */
export interface ContactListImportDto {
  created: number;
  updated: number;
  rejected: { row: number; reason: string }[];
}
