/**
 * The agents of bench/inbound.ts, in their own process: one WebSocket per token, joined to every
 * list; prints "ready", then the running count of `appMessage create` frames (at most every 20 ms).
 * A "reset" line on stdin restarts the count.
 */
export {};

const [base, tokensJson] = process.argv.slice(2);
const tokens = JSON.parse(tokensJson) as string[];
let count = 0;
let dirty = false;
await Promise.all(
  tokens.map(
    (token) =>
      new Promise<void>((resolve) => {
        const ws = new WebSocket(`ws://${base}/ws?token=${encodeURIComponent(token)}`);
        ws.onmessage = (e) => {
          const s = String(e.data);
          if (s.startsWith('{"channel":"ready"')) {
            for (const m of [{ type: "joinNotification" }, { type: "joinTickets", status: "pending" }, { type: "joinTickets", status: "open" }])
              ws.send(JSON.stringify(m));
            setTimeout(resolve, 50);
          } else if (s.startsWith('{"channel":"appMessage","action":"create"')) {
            count++;
            dirty = true;
          }
        };
      }),
  ),
);
console.log("ready");
setInterval(() => {
  if (!dirty) return;
  dirty = false;
  console.log(String(count));
}, 20);
(async () => {
  for await (const chunk of Bun.stdin.stream()) {
    if (new TextDecoder().decode(chunk).includes("reset")) count = 0;
  }
})();
