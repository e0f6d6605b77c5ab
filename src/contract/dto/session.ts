import type { PlanFlag } from "../limits";
import type { CompanyDto } from "./companies";
import type { PlanDto } from "./plans";
import type { SettingDto } from "./settings";
import type { UserDto } from "./users";

/** The signed-in user answered by login, refresh and /auth/me: a user's fields plus the company, its settings and plan. */
export interface SessionUserDto extends Omit<UserDto, "online" | "createdAt" | "updatedAt"> {
  /**
   * `timezone`: the company's IANA time zone (the server's TZ), in which schedules, campaigns and
   * opening hours are meant; screens show and take times in it, whatever the browser's zone.
   * `features`: what the company may use (plan or super user's grant, not hidden by a setting); the
   * menu and the route guards read these, never the plan's flags. `featureGrants`: those the super
   * user granted beyond the plan (with the plan's, what a setting may hide).
   */
  company: CompanyDto & {
    settings: SettingDto[];
    plan: PlanDto | null;
    timezone: string;
    features: Record<PlanFlag, boolean>;
    featureGrants: PlanFlag[];
  };
}

/** POST /auth/login, /auth/refresh_token, /auth/password: the access token and the session user (the refresh token travels in the cookie). */
export interface SessionDto {
  token: string;
  user: SessionUserDto;
}
