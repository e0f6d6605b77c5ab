export interface ContactExtraInfo {
  id: number;
  name: string;
  value: string;
}

/** The wire shape of a contact (R-CONT-1); extraInfo only where the route loads it. */
export interface ContactDto {
  id: number;
  name: string;
  number: string;
  email: string;
  profilePicUrl: string;
  uuid: string;
  isGroup: boolean;
  whatsappId: number | null;
  lid: string | null;
  /** When the contact opted out of campaigns; null while they receive them. */
  optedOutAt: string | null;
  companyId: number;
  createdAt: string;
  updatedAt: string;
  extraInfo?: ContactExtraInfo[];
}

/** A sheet row whose number was already a contact, and what it changed ([from, to]); nothing when unchanged. */
export interface ContactImportMatchDto {
  row: number;
  number: string;
  /** The contact's name before the import. */
  name: string;
  changes: { name?: [string, string]; email?: [string, string] };
}

/** POST /contacts/import: counts, the matched rows (up to 500) and the rejected rows. */
export interface ContactImportReportDto {
  created: number;
  updated: number;
  unchanged: number;
  matched: ContactImportMatchDto[];
  rejected: { row: number; reason: string }[];
}
