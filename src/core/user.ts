/** The signed-in user as services see it. */
export interface SessionUser {
  id: number;
  companyId: number;
  name: string;
  email: string;
  profile: string;
  super: boolean;
  whatsappId: number | null;
  allTicket: string;
  queueIds: number[];
}
