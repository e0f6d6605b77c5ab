import type { ChannelAdapter } from "../channels/types";
import type { Config } from "../config";
import type { DB } from "../db/client";
import type { Hub } from "../realtime/hub";
import type { AttemptLimiter } from "./rate-limit";

/** Process-wide dependencies handed to routes, services and jobs. */
export interface Deps {
  db: DB;
  hub: Hub;
  config: Config;
  limiters: { login: AttemptLimiter; signup: AttemptLimiter };
  /** Background jobs (started by main.ts; tests run them by hand). */
  jobs: JobRunner;
  /** Live channel adapters by connection id (the connection supervisor in production). */
  channels: ChannelLookup;
}

/** What routes need of the scheduler. */
export interface JobRunner {
  list(): unknown[];
  runNow(name: string): Promise<boolean>;
  start?(): void;
  stop?(): void;
}

/** Finds the live adapter of a connection; undefined when it is not running. */
export interface ChannelLookup {
  get(connectionId: number): ChannelAdapter | undefined;
}

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

/** A service call's context: dependencies plus the caller. The tenant is always `companyId`. */
export interface Ctx extends Deps {
  companyId: number;
  user: SessionUser;
}

/** A context acting for the system inside one company (jobs, the inbound pipeline). */
export function systemCtx(deps: Deps, companyId: number): Ctx {
  return {
    ...deps,
    companyId,
    user: {
      id: 0,
      companyId,
      name: "system",
      email: "",
      profile: "admin",
      super: false,
      whatsappId: null,
      allTicket: "disable",
      queueIds: [],
    },
  };
}
