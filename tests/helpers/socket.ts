/** A test's WebSocket on `/ws`, as the tests of realtime, security and several nodes open it. */

// biome-ignore lint/suspicious/noExplicitAny: frames of every channel, read loosely by the assertions
export type Frame = any;

export interface TestSocket {
  ws: WebSocket;
  /** Every frame received, in order. */
  frames: Frame[];
  /** Resolves on the server's `ready` frame; rejects when the socket closes first (await it only when it must open). */
  ready: Promise<void>;
  /** Resolves with the close code. */
  closed: Promise<number>;
  /** The first frame received (now or within `ms`) that matches, else null. */
  waitFor(pred: (f: Frame) => boolean, ms?: number): Promise<Frame | null>;
  send(message: unknown): void;
}

/** Opens a socket to `wsUrl` (`ws://host:port/ws`) with a token; `waitMs` is waitFor's default patience. */
export function openTestSocket(wsUrl: string, token: string, waitMs = 2_000): TestSocket {
  const frames: Frame[] = [];
  const ws = new WebSocket(`${wsUrl}?token=${encodeURIComponent(token)}`);
  const ready = new Promise<void>((resolve, reject) => {
    ws.addEventListener("message", (e) => {
      const f = JSON.parse(String(e.data));
      frames.push(f);
      if (f.channel === "ready") resolve();
    });
    ws.addEventListener("error", () => reject(new Error("socket error")));
    ws.addEventListener("close", (e) => reject(new Error(`closed ${e.code}`)));
  });
  // A socket refused on purpose is never awaited: its rejection is not an unhandled error.
  ready.catch(() => {});
  const closed = new Promise<number>((resolve) => ws.addEventListener("close", (e) => resolve(e.code)));
  const waitFor = async (pred: (f: Frame) => boolean, ms = waitMs) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      const f = frames.find(pred);
      if (f) return f;
      await Bun.sleep(10);
    }
    return null;
  };
  return { ws, frames, ready, closed, waitFor, send: (m: unknown) => ws.send(JSON.stringify(m)) };
}
