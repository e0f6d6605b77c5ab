import type { ILogger } from "baileys/lib/Utils/logger";
import type { ChannelEvents } from "../../core/channel";
import type { AuthStore } from "./auth-store";
import type { BaileysTiming } from "./policy";

/** What every Baileys runner of the process shares. */
export interface BaileysDeps {
  store: AuthStore;
  timing?: Partial<BaileysTiming>;
  /** WebSocket URL override (tests only; the factory refuses it outside NODE_ENV=test). */
  wsUrl?: string;
  /** Fetch the current WhatsApp Web version at connect (default: true unless wsUrl is overridden). */
  fetchVersion?: boolean;
  logger?: ILogger;
  /** Random source for jitter (tests pass a constant). */
  random?: () => number;
}

export interface RunnerIdentity {
  connectionId: number;
  companyId: number;
  events: ChannelEvents;
  loadRaw?: (messageId: string) => Promise<unknown> | unknown;
}

const noop = () => {};
/** Baileys logs nothing unless a logger is supplied. */
export const quietLogger: ILogger = {
  level: "silent",
  child: () => quietLogger,
  trace: noop,
  debug: noop,
  info: noop,
  warn: noop,
  error: noop,
};
