/** Wire shapes of the API answers the web reads (see the server's serialize* functions). */
export interface QueueRef {
  id: number;
  name: string;
  color: string;
}

export interface Plan {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: number;
  useCampaigns: boolean;
  useSchedules: boolean;
  useInternalChat: boolean;
  useExternalApi: boolean;
  useKanban: boolean;
  useOpenAi: boolean;
  useIntegrations: boolean;
}

export interface Setting {
  key: string;
  value: string;
}

export interface Company {
  id: number;
  name: string;
  email: string;
  phone: string;
  status: boolean;
  dueDate: string | null;
  recurrence: string;
  planId: number;
  createdAt: string;
}

/** The fields every user shape shares (the server's serializeUser and sessionPayload). */
interface UserBase {
  id: number;
  name: string;
  email: string;
  profile: string;
  companyId: number;
  super: boolean;
  whatsappId: number | null;
  allTicket: string;
  queues: QueueRef[];
}

export interface SessionUser extends UserBase {
  company: Company & { settings: Setting[]; plan: Plan | null };
}

export interface User extends UserBase {
  online: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface UsersPage {
  users: User[];
  count: number;
  hasMore: boolean;
}
