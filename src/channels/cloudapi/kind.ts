import type { ChannelKind } from "../../core/channel";
import { CloudApiAdapter, type CloudEnv } from "./adapter";

/** The WhatsApp Cloud API as a kind of channel: it resumes unless an admin disconnected it (or Meta refused its credentials). */
export const cloudApiKind = (env: CloudEnv): ChannelKind => ({
  factory: ({ connectionId, companyId, events }) => new CloudApiAdapter({ connectionId, companyId, events }, env),
});
