/**
 * The browser code's `fetch` held until the test answers: for what happens while a request is under way (frames that
 * arrive before an older answer). `restore()` puts the real fetch back.
 */
export function holdFetch() {
  (globalThis as { location?: unknown }).location ??= { origin: "http://localhost", protocol: "http:", host: "localhost" };
  const real = globalThis.fetch;
  let answer: (body: unknown) => void = () => {};
  globalThis.fetch = (() =>
    new Promise<Response>((resolve) => {
      answer = (body) => resolve(new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }));
    })) as unknown as typeof fetch;
  return {
    /** Answers the request under way with `body` as JSON. */
    answer: (body: unknown) => answer(body),
    restore: () => {
      globalThis.fetch = real;
    },
  };
}
