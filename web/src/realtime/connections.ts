import type { FrameOf } from "@contract/frames";

type SandboxFrame = FrameOf<"sandbox">;
const sandboxListeners = new Set<(f: SandboxFrame) => void>();

/** The sandbox phone page listens to its connection's `sandbox` frames while it is open. */
export function onSandboxFrame(fn: (f: SandboxFrame) => void) {
  sandboxListeners.add(fn);
  return () => {
    sandboxListeners.delete(fn);
  };
}

/** Realtime → the sandbox phone pages that are open. */
export function sandboxOnFrame(f: SandboxFrame) {
  for (const fn of sandboxListeners) fn(f);
}
