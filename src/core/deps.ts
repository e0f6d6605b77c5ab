/**
 * The dependencies every layer is handed (`Deps`) and a service call's context (`Ctx`). Only types and
 * interfaces of what lives above (the hub, the connection supervisor, the inbound spool, the notifier,
 * the scheduler): the implementations are built in the composition root (`src/app.ts`, createDeps).
 */
import type { Config } from "../config";
import type { Clock } from "../lib/clock";
import type { CredentialCache } from "../lib/credential-cache";
import type { BlobStore } from "../lib/blob-store";
import type { Outbound } from "../lib/net/guard";
import type { ChannelAdapter } from "./channel";
import type { CloudApiChannel, SandboxChannel } from "./channels";
import type { DB, DbOrTx } from "./db";
import type { Hub } from "./hub";
import type { InboundSpool } from "./inbound";
import type { ConnectionSupervisor, Notifier, Outbox } from "./ports";
import type { StorageGuard } from "./storage";
import type { SessionUser } from "./user";
import type { Limiters } from "./limits";

/** Process-wide dependencies handed to routes, services and jobs. */
export interface Deps {
  db: DB;
  hub: Hub;
  config: Config;
  /**
   * Failed logins (and second steps) per account and per account + address, signups per address;
   * external API sends per connection token; passkey sign-in challenges per address.
   */
  limiters: Limiters;
  /** Background jobs (started by main.ts; tests run them by hand). */
  jobs: JobRunner;
  /** Live channel adapters by connection id (the connection supervisor's registry). */
  channels: ChannelLookup;
  /** Starts, stops and logs out connections' sessions; routes channel events into the app. */
  sessions: ConnectionSupervisor;
  /** Inbound messages that could not be stored yet, retried until they are (inbound/spool.ts). */
  inboundSpool: InboundSpool;
  /** Time source of the lifecycle, the inbound path and the jobs. */
  clock: Clock;
  /** Decides and sends alerts (sounds, Web Push) after frames are published; holds the sending state. */
  notifier: Notifier;
  /** The one way out to outside services (the SSRF guard, `lib/net/guard.ts`). */
  outbound: Outbound;
  /** Access tokens and API clients made from companies' secrets, keyed by company and secret hash. */
  credentials: CredentialCache;
  /** The data disk's guard: bulk work asks it first; a full disk releases its ballast. */
  storage: StorageGuard;
  /** The WhatsApp Cloud API channel's credentials, message templates and 24-hour windows. */
  cloudApi: CloudApiChannel;
  /** The sandbox phone's screen and its customer. */
  sandbox: SandboxChannel;
  /** Every outgoing message goes through it: stored first, then sent (the messages module's outbox). */
  outbox: Outbox;
  /** What a module asks of the modules that depend on its rows (the hooks below, wired by src/hooks.ts). */
  hooks: Hooks;
  /** Values kept in memory between requests (a second node needs them invalidated with it: through here). */
  caches: Caches;
  /** Messages being handed to a channel ("message:<id>"): a flush and a retry never send one twice. */
  claims: Claims;
  /** Results of dear reads (tab counts, search pages) kept until the database changes (`db/read-cache.ts`). */
  reads: Reads;
  /** Throttled frames and health writes (campaign progress, a connection's health line). */
  throttle: Throttle;
  /**
   * Every file the product writes or serves (media, file lists, attachments, announcement images): the data folder's
   * `media/` (and `public/`) or an S3-compatible bucket (S3_URL). Keys are the media paths (`<companyId>/<area>/<name>`).
   */
  blobs: BlobStore;
  /**
   * This process as one node of several serving one PostgreSQL database (its id, the bus between nodes, readiness);
   * null on one box (SQLite), where nothing crosses processes.
   */
  node: ClusterNode | null;
}

/** A bus between nodes seen for one topic: a body published here reaches the topic's subscribers on every other node. */
export interface TopicBus<T> {
  /** This node's id on the bus. */
  readonly nodeId: string;
  publish(body: T): void;
  subscribe(fn: (body: T, from: string) => void): () => void;
}

/** What this node says of its links to the others (`GET /readyz`). */
export interface NodeState {
  id: string;
  /** Its bus connection hears the channel (frames and cache forgets of the other nodes reach it). */
  busListening: boolean;
  /** Its job-lock connection answers (it may run the jobs that run once). */
  jobLock: boolean;
}

/** This process as a node of several (src/node.ts builds it at boot on PostgreSQL). */
export interface ClusterNode {
  readonly id: string;
  /** The node's one bus, for one topic ("hub", "cache", …). */
  topic<T>(name: string): TopicBus<T>;
  state(): Promise<NodeState>;
}

/**
 * Values kept in memory between requests. A write must forget the entries it changes; with several
 * nodes the implementation is what tells the others (the in-memory one is `lib/memory-cache.ts`).
 */
export interface KeyedCache<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  /** Forgets a key's entry (after a write). */
  forget(key: K): void;
}

/** Work claimed by one worker at a time (a key held is not started again until released). */
export interface Claims {
  /** Whether the key is held now. */
  held(key: string): boolean;
  /** Takes the key; false when it is already held. */
  claim(key: string): boolean;
  release(key: string): void;
}

/** At most one pass per key per period (frames and writes that would otherwise follow every event). */
export interface Throttle {
  /** Whether the key may pass now (it then counts as passed at `now`). */
  passes(key: string, everyMs: number, now: number): boolean;
}

/** Values of reads kept for one version of the database: any write drops them all. */
export interface Reads {
  /** The value of `key` in the database as it is now: `compute()` runs once per version. */
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

/** The caches of Deps. */
export interface Caches {
  /** Each company's settings by company id (the inbound path reads them on every message); the settings module forgets on write. */
  settings: KeyedCache<number, ReadonlyMap<string, string>>;
  /** Numbers checked on WhatsApp, by "company:number" (kept a day: the contact lists' validity). */
  numberChecks: KeyedCache<string, { exists: boolean; number: string; at: number }>;
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

/*
 * Hooks: what a module asks of the modules that depend on its rows. They sit above it, so it cannot import
 * them: each question or reaction is one function here, wired by the composition root (`src/hooks.ts`)
 * to the modules that answer, and reached as `deps.hooks`. A hook runs where it is called: inside the
 * caller's transaction when it is handed `tx`, and in the caller's order.
 */
/** A company just written (the fields the modules that react need). */
export interface CreatedCompany {
  id: number;
  name: string;
  email: string;
  dueDate: string | null;
  isPlatform: boolean;
}

/** Why a company's people lose access: blocked or deleted (sessions end), or lapsed (only sockets close). */
export type AccessEnd = "company blocked" | "company deleted" | "subscription lapsed";

export interface Hooks {
  /** How many companies are on a plan (plans: a plan in use cannot be deleted). */
  companiesOnPlan(db: DbOrTx, planId: number): Promise<number>;
  /** Whether some user already has this email (companies: a new company's admin needs a free one). */
  emailTaken(db: DbOrTx, email: string): Promise<boolean>;
  /**
   * A company was created, inside its transaction (companies): its admin user when one is given, its
   * first invoice when it is already due.
   */
  companyCreated(
    tx: DbOrTx,
    company: CreatedCompany,
    plan: { name: string; value: number },
    opts: { admin: { name: string; email: string; passwordHash: string } | null; now: Date },
  ): Promise<void>;
  /** A company's people lose access (companies): sessions end, or sockets close for a lapsed subscription. */
  companyAccessEnded(ctx: Ctx, companyId: number, why: AccessEnd): Promise<void>;
  /**
   * A queue was created, inside its transaction (queues): it joins the connections that serve every
   * queue. Answers what to announce after the commit.
   */
  queueCreated(tx: DbOrTx, companyId: number, queueId: number, greeting: string): Promise<() => Promise<void>>;
  /** A queue or a connection may point only at an integration and a prompt of its own company (D5): else a field error. */
  assertBotRefs(ctx: Ctx, refs: { integrationId?: number | null; promptId?: number | null }): Promise<void>;
  /**
   * A connection is being deleted, inside its transaction (connections): users lose it as their
   * default; an active ticket that would clash once it loses its connection is closed.
   */
  connectionDeleting(tx: DbOrTx, companyId: number, connectionId: number, now: string): Promise<void>;
  /** A user's sessions end: tokens, refresh families, sockets (users: password changed, demoted, deleted). */
  endUserSessions(ctx: Ctx, userId: number, reason: string): Promise<void>;
  /** A user is being deleted: their open tickets go back to pending, with the texts that follow (R-TKT-11). */
  releaseUserTickets(ctx: Ctx, userId: number): Promise<void>;
}
