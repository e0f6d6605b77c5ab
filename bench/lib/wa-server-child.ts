/**
 * The fake WhatsApp server of the Baileys benchmarks, in its own process so its memory and CPU
 * (Signal encryption of what it delivers) are not counted with the app's. Speaks over IPC: sends
 * { url, rootKeyHex } when listening, then answers each request with one reply:
 * - { pair: { advSecretKey, identityKey } }: completes the newest registration's pairing (no reply);
 * - { peers: n }: n contacts with Signal keys → { peers: [numbers] };
 * - { keys: true } → { keys: pre-keys the client uploaded and the server still holds };
 * - { prepare: { count, prefix } }: Signal-encrypts `count` messages to the client ahead of time,
 *   round-robin over the contacts (ids `prefix0…`) → { prepared: { pkmsg, msg } };
 * - { blast: true }: delivers the prepared messages on the live session → { sent };
 * - { inbox: true } → { inbox: messages the client sent to the contacts, decrypted }.
 */
import type { BinaryNode } from "baileys";
import { type FakePeer, FakeWaServer } from "../../tests/support/fake-wa-server";
import { encStanza } from "../../tests/support/fake-wa-session";

type Request = {
  pair?: { advSecretKey: string; identityKey: string };
  peers?: number;
  keys?: boolean;
  prepare?: { count: number; prefix: string };
  blast?: boolean;
  inbox?: boolean;
};

const server = new FakeWaServer().start();
process.send?.({ url: server.url, rootKeyHex: server.rootKeyHex });
// The bench ended (or died): stop with it.
process.on("disconnect", () => process.exit(0));

const peers: FakePeer[] = [];
let prepared: BinaryNode[] = [];

/** Sends the prepared stanzas in slices, yielding between them so the socket drains. */
async function blast() {
  const s = server.last();
  if (!s) throw new Error("no session");
  const list = prepared;
  prepared = [];
  for (let i = 0; i < list.length; i += 200) {
    for (const node of list.slice(i, i + 200)) s.send(node);
    await Bun.sleep(0);
  }
  return list.length;
}

process.on("message", async (m: Request) => {
  if (m.pair) {
    server.last("registration")?.pairSuccess({
      advSecretKey: m.pair.advSecretKey,
      identityKey: Buffer.from(m.pair.identityKey, "base64"),
      jid: server.me.jid,
      lid: server.me.lid,
    });
  } else if (m.peers !== undefined) {
    for (let i = peers.length; i < m.peers; i++) peers.push(await server.addPeer(`55119${String(i).padStart(8, "0")}`, `7777${String(i).padStart(8, "0")}`));
    process.send?.({ peers: peers.map((p) => p.number) });
  } else if (m.keys) {
    process.send?.({ keys: server.clientKeys.count });
  } else if (m.prepare) {
    const types = { pkmsg: 0, msg: 0 };
    const t = Math.floor(Date.now() / 1000);
    for (let i = 0; i < m.prepare.count; i++) {
      const peer = peers[i % peers.length];
      const content = { conversation: `mensagem ${i} sobre o pedido ${i * 7}` };
      const { type, ciphertext } = await peer.encryptTo(server.me.jid, () => server.clientKeys.take(), content);
      types[type]++;
      prepared.push(encStanza({ from: peer.pnJid, id: `${m.prepare.prefix}${i}`, pushName: `Cliente ${i % peers.length}`, type, ciphertext, t }));
    }
    process.send?.({ prepared: types });
  } else if (m.blast) {
    process.send?.({ sent: await blast() });
  } else if (m.inbox) {
    process.send?.({ inbox: peers.reduce((n, p) => n + p.inbox.length, 0) });
  }
});
