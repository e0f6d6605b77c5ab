/**
 * Runs the real server (`bun run src/main.ts`) and operator commands (`src/cli.ts`) as child
 * processes, optionally inside another PID namespace (`unshare`, as two containers would) or as an
 * unprivileged user (`setpriv`, since root ignores file permissions).
 */
import { join } from "node:path";

export const ROOT = join(import.meta.dir, "../..");
const BUN = process.execPath;

/** A PID namespace of its own (the child is PID 1 there, like a container's server); it dies with the wrapper, which ignores SIGTERM: stop it with SIGKILL. */
export const IN_OWN_PID_NAMESPACE = ["unshare", "--pid", "--fork", "--mount-proc", "--kill-child"];
/** uid/gid 65534 (nobody), without root's supplementary groups. */
export const AS_NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"];

const works = (cmd: string[]) => {
  try {
    return Bun.spawnSync([...cmd, "true"], { stdout: "ignore", stderr: "ignore" }).exitCode === 0;
  } catch {
    return false;
  }
};
/** Whether this machine lets a test make PID namespaces (root, util-linux). */
export const pidNamespacesAvailable = () => works(IN_OWN_PID_NAMESPACE);
/** Whether a test can drop to another user (root with util-linux's setpriv). */
export const setprivAvailable = () => process.getuid?.() === 0 && works(AS_NOBODY);

export interface Child {
  proc: ReturnType<typeof Bun.spawn>;
  /** Resolves once both output streams ended (after the process exited). */
  drained: Promise<void>;
  /** Everything the child wrote so far, stdout and stderr together. */
  output(): string;
  stderr(): string;
  /** The exit code, or null when it still runs after `ms`. */
  exitedWithin(ms: number): Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** The environment of a test server or command on `dataDir` (port 0: the server logs the one it got). */
export function balcaoEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: "/tmp",
    // A child as another user must not try to write bun's cache under our HOME.
    BUN_RUNTIME_TRANSPILER_CACHE_PATH: "0",
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    ADMIN_EMAIL: "root@ops.test",
    ADMIN_PASSWORD: "root-pass-123",
    ...extra,
  };
}

/** Starts `bun <script> ...args` (src/main.ts, src/cli.ts) with `wrap` in front. */
export function spawnBalcao(script: string[], env: Record<string, string>, wrap: string[] = []): Child {
  const proc = Bun.spawn([...wrap, BUN, ...script], { cwd: ROOT, env, stdout: "pipe", stderr: "pipe", stdin: "ignore" });
  let out = "";
  let err = "";
  const pump = async (s: ReadableStream<Uint8Array>, into: (t: string) => void) => {
    const d = new TextDecoder();
    for await (const c of s) into(d.decode(c, { stream: true }));
  };
  const drained = Promise.all([
    pump(proc.stdout as ReadableStream<Uint8Array>, (t) => (out += t)),
    pump(proc.stderr as ReadableStream<Uint8Array>, (t) => {
      out += t;
      err += t;
    }),
  ]).then(() => {});
  return {
    proc,
    drained,
    output: () => out,
    stderr: () => err,
    exitedWithin: (ms) => Promise.race([proc.exited, Bun.sleep(ms).then(() => null)]),
    async kill(signal = "SIGTERM") {
      proc.kill(signal);
      await proc.exited;
    },
  };
}

/** Waits for the server's "balcao listening" line; answers its base URL. */
export async function listening(child: Child, ms = 30_000): Promise<string> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const port = /"msg":"balcao listening".*?"url":"http:\/\/localhost:(\d+)"/.exec(child.output())?.[1];
    if (port) return `http://127.0.0.1:${port}`;
    if (child.proc.exitCode !== null) throw new Error(`the server exited (${child.proc.exitCode}):\n${child.output()}`);
    await Bun.sleep(50);
  }
  throw new Error(`the server did not listen within ${ms} ms:\n${child.output()}`);
}

/** Runs a command to its end; answers its exit code and output. */
export async function runBalcao(script: string[], env: Record<string, string>, wrap: string[] = [], ms = 60_000) {
  const child = spawnBalcao(script, env, wrap);
  const code = await child.exitedWithin(ms);
  if (code === null) {
    await child.kill("SIGKILL");
    throw new Error(`${script.join(" ")} did not finish within ${ms} ms:\n${child.output()}`);
  }
  await child.drained;
  return { code, output: child.output(), stderr: child.stderr() };
}
