import { afterAll } from "bun:test";

export interface Seen {
  method: string;
  path: string;
  headers: Headers;
  body: string;
  json: any;
}

/**
 * A small HTTP server on 127.0.0.1 playing an outside service (Typebot, n8n, Dialogflow, OpenAI,
 * speech) for one test file: `handle` answers each request; `seen` records them. Stopped after the file.
 */
export function loopback(handle: (req: Seen) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const body = await req.text();
      let json: unknown = null;
      try {
        json = body ? JSON.parse(body) : null;
      } catch {}
      const s: Seen = { method: req.method, path: new URL(req.url).pathname, headers: req.headers, body, json };
      seen.push(s);
      return handle(s);
    },
  });
  afterAll(() => server.stop(true));
  return { url: `http://127.0.0.1:${server.port}`, seen };
}

export const json = (data: unknown, status = 200) => Response.json(data, { status });
