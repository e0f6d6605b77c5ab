/**
 * The fake WhatsApp server of bench/sessions.ts, in its own process so its memory is not counted
 * with the sessions'. Speaks over IPC: sends { url, rootKeyHex } when listening; on
 * { pair: { advSecretKey, identityKey } } completes the newest registration's pairing.
 */
import { FakeWaServer } from "../../tests/support/fake-wa-server";

const server = new FakeWaServer().start();
process.send?.({ url: server.url, rootKeyHex: server.rootKeyHex });
// The bench ended (or died): stop with it.
process.on("disconnect", () => process.exit(0));
process.on("message", (m: { pair?: { advSecretKey: string; identityKey: string } }) => {
  if (!m.pair) return;
  server.last("registration")?.pairSuccess({
    advSecretKey: m.pair.advSecretKey,
    identityKey: Buffer.from(m.pair.identityKey, "base64"),
    jid: server.me.jid,
    lid: server.me.lid,
  });
});
