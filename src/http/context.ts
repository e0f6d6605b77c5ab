import type { InboundSpool } from "../bot/spool";
import type { ConnectionSupervisor } from "../channels/wiring";
import type { ChannelAdapter } from "../channels/types";
import type { Clock } from "../lib/clock";
import type { Config } from "../config";
import type { DB } from "../db/client";
import type { ReadCache } from "../db/read-cache";
import type { CredentialCache } from "../lib/credential-cache";
import type { Outbound } from "../lib/net/guard";
import type { Hub } from "../realtime/hub";
import type { Notifier } from "../modules/notifications/notifier";
import type { AttemptLimiter, LoginThrottle } from "./rate-limit";

/** Process-wide dependencies handed to routes, services and jobs. */
export interface Deps {
  db: DB;
  hub: Hub;
  config: Config;
  /**
   * Failed logins (and second steps) per account and per account + address, signups per address;
   * external API sends per connection token; passkey sign-in challenges per address.
   */
  limiters: { login: LoginThrottle; signup: AttemptLimiter; api: AttemptLimiter; passkey: AttemptLimiter };
  /** Background jobs (started by main.ts; tests run them by hand). */
  jobs: JobRunner;
  /** Live channel adapters by connection id (the connection supervisor's registry). */
  channels: ChannelLookup;
  /** Starts, stops and logs out connections' sessions; routes channel events into the app. */
  sessions: ConnectionSupervisor;
  /** Inbound messages that could not be stored yet, retried until they are (bot/spool.ts). */
  inboundSpool: InboundSpool;
  /** Time source of the lifecycle, the inbound path and the jobs. */
  clock: Clock;
  /** Decides and sends alerts (sounds, Web Push) after frames are published; holds the sending state. */
  notifier: Notifier;
  /** The one way out to outside services (the SSRF guard, `lib/net/guard.ts`). */
  outbound: Outbound;
  /** Access tokens and API clients made from companies' secrets, keyed by company and secret hash. */
  credentials: CredentialCache;
  /** Results of dear reads (tab counts, search pages) kept until the database changes (`db/read-cache.ts`). */
  reads: ReadCache;
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
  /** The caller's session (auth_sessions.id); absent for jobs and the external API. */
  sessionId?: string;
  /** The caller's address (behind the trusted proxies), for the audit log. */
  address?: string;
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
