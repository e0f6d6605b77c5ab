import type { QueueRef } from "./common";

/** The wire shape of a user (R-USER-1); never the password or token version. */
export interface UserDto {
  id: number;
  name: string;
  email: string;
  profile: string;
  companyId: number;
  super: boolean;
  whatsappId: number | null;
  allTicket: string;
  online: boolean;
  queues: QueueRef[];
  createdAt: string;
  updatedAt: string;
}
