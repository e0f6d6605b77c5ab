import type { ServerFrame } from "@contract/events";
import { onConnectionFrame } from "../stores/connections";

type Handler = (frame: ServerFrame) => void;

const sandboxListeners = new Set<Handler>();

/** The sandbox phone page listens to its connection's `sandbox` frames while it is open. */
export function onSandboxFrame(fn: Handler) {
  sandboxListeners.add(fn);
  return () => {
    sandboxListeners.delete(fn);
  };
}

/** Realtime → the connections store (badge, connections page) and the sandbox phone. */
export const CONNECTION_HANDLERS: Partial<Record<ServerFrame["channel"], Handler>> = {
  whatsapp: onConnectionFrame,
  whatsappSession: onConnectionFrame,
  sandbox: (f) => {
    for (const fn of sandboxListeners) fn(f);
  },
};
