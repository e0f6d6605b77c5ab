export interface ContactExtraInfo {
  id: number;
  name: string;
  value: string;
}

/** The wire shape of a contact (core.md §3 Contact); extraInfo only where the route loads it. */
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
  companyId: number;
  createdAt: string;
  updatedAt: string;
  extraInfo?: ContactExtraInfo[];
}
