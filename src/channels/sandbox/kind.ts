import type { ChannelKind } from "../../core/channel";
import type { Deps } from "../../core/deps";
import { SandboxAdapter } from "./adapter";

/**
 * The sandbox phone as a kind of channel: it resumes at boot unless a person disconnected it (one left
 * DISCONNECTED by a stop of an earlier version, a lapsed subscription or a failed start resumes).
 */
export const sandboxKind = (deps: Pick<Deps, "db" | "hub" | "blobs">): ChannelKind => ({
  factory: ({ connectionId, companyId, events }) => new SandboxAdapter({ connectionId, companyId, events }, { db: deps.db, hub: deps.hub, blobs: deps.blobs }),
  resumes: (c) => !(c.status === "DISCONNECTED" && c.closeReason === "disconnected"),
});
