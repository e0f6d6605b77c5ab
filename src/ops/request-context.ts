/**
 * The request id: every HTTP answer carries `x-request-id` (the caller's, when it sent a sane one),
 * and every log line written while the request runs carries it as `requestId`.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestScope {
  id: string;
  startedAt: number;
}

const scope = new AsyncLocalStorage<RequestScope>();
const SANE_ID = /^[A-Za-z0-9._:-]{1,100}$/;

type Fetch = (req: Request, ...rest: unknown[]) => Response | Promise<Response>;

/**
 * Runs every request of the app inside its own scope (the id lives through the request's async
 * work). Wraps the app's compiled `fetch`, which `handle` (tests) and, with Elysia's systemRouter
 * off, the listening server (`listen`) go through; call it once the app has all its routes.
 * `listen` compiles the app again and puts the bare handler back on `fetch`, so `compile` is
 * wrapped too: after every compile, `fetch` is the scoped one again (the server is then reloaded
 * with it).
 */
export function withRequestScope<T extends object>(app: T, done?: (req: Request, status: number, seconds: number) => void): T {
  const target = app as unknown as { fetch: Fetch; compile?: () => unknown };
  const scoped = new WeakSet<Fetch>();
  const wrap = (inner: Fetch): Fetch => {
    const fetch: Fetch = (req, ...rest) => {
      const incoming = req.headers.get("x-request-id");
      const s: RequestScope = { id: incoming && SANE_ID.test(incoming) ? incoming : crypto.randomUUID(), startedAt: performance.now() };
      return scope.run(s, async () => {
        const res = await inner(req, ...rest);
        // A WebSocket upgrade answers no Response: nothing to tag or count.
        if (!(res instanceof Response)) return res;
        try {
          res.headers.set("x-request-id", s.id);
        } catch {
          // immutable headers: the answer goes out untagged
        }
        done?.(req, res.status, (performance.now() - s.startedAt) / 1000);
        return res;
      });
    };
    scoped.add(fetch);
    return fetch;
  };
  const install = () => {
    const current = target.fetch;
    if (!scoped.has(current)) Object.defineProperty(app, "fetch", { value: wrap(current), configurable: true, writable: true });
  };
  install();
  const compile = target.compile?.bind(app);
  if (compile) {
    Object.defineProperty(app, "compile", {
      value: () => {
        const out = compile();
        install();
        return out;
      },
      configurable: true,
      writable: true,
    });
  }
  return app;
}

/** The running request's scope, if any. */
export const currentRequest = () => scope.getStore();

/** Fields the logger adds to every line: the running request's id. */
export function requestLogFields(): Record<string, unknown> | undefined {
  const s = scope.getStore();
  return s ? { requestId: s.id } : undefined;
}
