/**
 * Debian's Firefox ESR driven over WebDriver BiDi with a few raw commands (navigate, evaluate).
 * Playwright's BiDi Firefox needs commands this ESR does not have yet, so the tests speak the
 * protocol directly. The profile fakes the microphone (a tone) and grants it without a prompt.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The Firefox binary, or null when it is not installed (`apt-get install firefox-esr`). */
export const firefoxPath = () => Bun.which("firefox-esr") ?? Bun.which("firefox");

export interface Firefox {
  navigate(url: string): Promise<void>;
  /** Evaluates an expression (awaiting a promise) in the page and returns its JSON value. */
  evaluate<T = unknown>(expression: string): Promise<T>;
  close(): Promise<void>;
}

type BidiValue = { type: string; value?: unknown };
/** Turns a BiDi remote value back into plain JSON. */
function plain(v: BidiValue | undefined): unknown {
  if (!v) return undefined;
  switch (v.type) {
    case "undefined":
    case "null":
      return null;
    case "array":
      return (v.value as BidiValue[]).map(plain);
    case "object":
      return Object.fromEntries((v.value as [string | BidiValue, BidiValue][]).map(([k, x]) => [typeof k === "string" ? k : String(plain(k)), plain(x)]));
    default:
      return v.value;
  }
}

/** Starts a headless Firefox and opens a BiDi session on its first tab. */
export async function launchFirefox(): Promise<Firefox> {
  const bin = firefoxPath();
  if (!bin) throw new Error("firefox is not installed");
  const profile = mkdtempSync(join(tmpdir(), "balcao-ff-"));
  writeFileSync(
    join(profile, "user.js"),
    [
      'user_pref("media.navigator.streams.fake", true);',
      'user_pref("media.navigator.permission.disabled", true);',
      'user_pref("media.autoplay.default", 0);',
      'user_pref("browser.shell.checkDefaultBrowser", false);',
      'user_pref("datareporting.policy.dataSubmissionEnabled", false);',
    ].join("\n"),
  );
  const proc = Bun.spawn([bin, "--headless", "--no-remote", "--profile", profile, "--remote-debugging-port=0", "about:blank"], {
    stdout: "ignore",
    stderr: "pipe",
    env: { ...process.env, HOME: process.env.HOME ?? "/root", MOZ_CRASHREPORTER_DISABLE: "1" },
  });
  // Firefox prints "WebDriver BiDi listening on ws://127.0.0.1:PORT"
  const decoder = new TextDecoder();
  let log = "";
  let wsUrl: string | null = null;
  const reader = proc.stderr.getReader();
  const deadline = Date.now() + 30_000;
  while (!wsUrl) {
    if (Date.now() > deadline) throw new Error(`firefox did not start BiDi:\n${log}`);
    const { value, done } = await reader.read();
    if (done) throw new Error(`firefox exited:\n${log}`);
    log += decoder.decode(value);
    wsUrl = /WebDriver BiDi listening on (ws:\/\/\S+)/.exec(log)?.[1] ?? null;
  }
  void (async () => {
    for (;;) if ((await reader.read()).done) break;
  })();
  const ws = new WebSocket(`${wsUrl}/session`);
  await new Promise<void>((resolve, reject) => {
    ws.onopen = () => resolve();
    ws.onerror = () => reject(new Error("BiDi socket failed"));
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: Record<string, unknown>) => void; reject: (e: Error) => void }>();
  ws.onmessage = (e) => {
    const msg = JSON.parse(String(e.data));
    const p = msg.id ? pending.get(msg.id) : undefined;
    if (!p) return;
    pending.delete(msg.id);
    if (msg.type === "error") p.reject(new Error(`${msg.error}: ${msg.message}`));
    else p.resolve(msg.result);
  };
  const send = (method: string, params: Record<string, unknown>) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  await send("session.new", { capabilities: {} });
  const tree = await send("browsingContext.getTree", {});
  const context = (tree.contexts as { context: string }[])[0].context;
  return {
    async navigate(url) {
      await send("browsingContext.navigate", { context, url, wait: "complete" });
    },
    async evaluate<T>(expression: string) {
      const r = await send("script.evaluate", { expression, target: { context }, awaitPromise: true, resultOwnership: "none" });
      if (r.type === "exception") throw new Error(`page error: ${JSON.stringify((r.exceptionDetails as { text?: string })?.text ?? r)}`);
      return plain(r.result as BidiValue) as T;
    },
    async close() {
      try {
        await Promise.race([send("browser.close", {}), Bun.sleep(3_000)]);
      } catch {}
      ws.close();
      proc.kill();
      await Promise.race([proc.exited, Bun.sleep(5_000)]);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
