import type { ServerFrame } from "../contract/events";
import { log } from "../lib/logger";

interface Publisher {
  publish(topic: string, data: string): number;
}

export interface Published {
  rooms: string[];
  frame: ServerFrame;
}

/**
 * The realtime hub: services call `publish(rooms, frame)` after their transaction commits.
 * Frames go to Bun's native pub/sub once a server is attached; listeners (tests, the sandbox) see
 * every frame too.
 */
export class Hub {
  private server: Publisher | null = null;
  private listeners = new Set<(p: Published) => void>();

  attach(server: Publisher) {
    this.server = server;
  }

  /** Sends one frame to each room once. */
  publish(rooms: string | string[], frame: ServerFrame) {
    const list = [...new Set(Array.isArray(rooms) ? rooms : [rooms])];
    for (const l of this.listeners) {
      try {
        l({ rooms: list, frame });
      } catch (e) {
        log.warn("hub listener failed", { err: String(e) });
      }
    }
    if (!this.server) return;
    const data = JSON.stringify(frame);
    for (const room of list) this.server.publish(room, data);
  }

  /** Observes every published frame; returns an unsubscribe function. */
  listen(fn: (p: Published) => void) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
}
