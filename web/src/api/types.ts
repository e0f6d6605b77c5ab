import type { QueueRef } from "@contract/dto/common";
import type { SettingDto } from "@contract/dto/settings";
import type { UserDto } from "@contract/dto/users";
/** Wire shapes of the API answers the web reads (see the server's serialize* functions). */
export type { QueueRef };

export type { PlanDto as Plan } from "@contract/dto/plans";

export type Setting = SettingDto;

export type { CompanyDto as Company } from "@contract/dto/companies";

/** The signed-in user (the server's sessionPayload): a user's fields plus the company. */
export type { SessionUserDto as SessionUser } from "@contract/dto/session";

export type User = UserDto;
