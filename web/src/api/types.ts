import type { Page, QueueRef } from "@contract/dto/common";
import type { SettingDto } from "@contract/dto/settings";
import type { UserDto } from "@contract/dto/users";
/** Wire shapes of the API answers the web reads (see the server's serialize* functions). */
export type { QueueRef };

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

export type Setting = SettingDto;

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

/** The signed-in user (the server's sessionPayload): a user's fields plus the company. */
export interface SessionUser extends Omit<UserDto, "online" | "createdAt" | "updatedAt"> {
  company: Company & { settings: Setting[]; plan: Plan | null };
}

export type User = UserDto;

export type UsersPage = Page<"users", User>;
