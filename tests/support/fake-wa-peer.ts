/** A fake contact for the fake WhatsApp server: a phone (device 0) with real Signal keys. */
import {
  addTransactionCapability,
  type BinaryNode,
  Curve,
  encodeWAMessage,
  initAuthCreds,
  proto,
  type SignalDataSet,
  type SignalKeyStore,
  unpadRandomMax16,
} from "baileys";
import { makeLibSignalRepository } from "baileys/lib/Signal/libsignal.js";
import type { ILogger } from "baileys/lib/Utils/logger";
import type { E2EBundle } from "./fake-wa-keys";

const noop = () => {};
const silent: ILogger = { level: "silent", child: () => silent, trace: noop, debug: noop, info: noop, warn: noop, error: noop };

/** In-memory Signal key store for a fake peer. */
function memoryKeys(): SignalKeyStore {
  const data = new Map<string, unknown>();
  return {
    get: async (type, ids) => {
      const out: Record<string, unknown> = {};
      for (const id of ids) {
        const v = data.get(`${type}:${id}`);
        if (v !== undefined) out[id] = v;
      }
      return out as never;
    },
    set: async (set: SignalDataSet) => {
      for (const [type, entries] of Object.entries(set)) {
        for (const [id, v] of Object.entries(entries ?? {})) {
          if (v === null || v === undefined) data.delete(`${type}:${id}`);
          else data.set(`${type}:${id}`, v);
        }
      }
    },
  };
}

/** A contact's phone (device 0) with real Signal keys, so the client can encrypt to it. */
export class FakePeer {
  readonly creds = initAuthCreds();
  readonly preKey = { id: 1, pair: Curve.generateKeyPair() };
  private readonly keys = addTransactionCapability(memoryKeys(), silent, { maxCommitRetries: 1, delayBetweenTriesMs: 1 });
  readonly repo = makeLibSignalRepository({ creds: this.creds, keys: this.keys }, silent);
  /** Messages the client sent to this peer, decrypted. */
  readonly inbox: { id: string; message: proto.IMessage }[] = [];

  constructor(
    readonly number: string,
    readonly lidUser: string,
  ) {}

  async init() {
    await this.keys.set({ "pre-key": { [String(this.preKey.id)]: this.preKey.pair } });
    return this;
  }

  get pnJid() {
    return `${this.number}@s.whatsapp.net`;
  }

  get lidJid() {
    return `${this.lidUser}@lid`;
  }

  /** The `<user>` key bundle node answering an `encrypt`/`key` fetch. */
  bundle(jid: string): BinaryNode {
    const be = (n: number, bytes: number) => {
      const b = Buffer.alloc(bytes);
      b.writeUIntBE(n, 0, bytes);
      return b;
    };
    const sp = this.creds.signedPreKey;
    return {
      tag: "user",
      attrs: { jid },
      content: [
        { tag: "registration", attrs: {}, content: be(this.creds.registrationId, 4) },
        { tag: "type", attrs: {}, content: Buffer.from([5]) },
        { tag: "identity", attrs: {}, content: Buffer.from(this.creds.signedIdentityKey.public) },
        {
          tag: "skey",
          attrs: {},
          content: [
            { tag: "id", attrs: {}, content: be(sp.keyId, 3) },
            { tag: "value", attrs: {}, content: Buffer.from(sp.keyPair.public) },
            { tag: "signature", attrs: {}, content: Buffer.from(sp.signature) },
          ],
        },
        {
          tag: "key",
          attrs: {},
          content: [
            { tag: "id", attrs: {}, content: be(this.preKey.id, 3) },
            { tag: "value", attrs: {}, content: Buffer.from(this.preKey.pair.public) },
          ],
        },
      ],
    };
  }

  /** Decrypts an `<enc>` addressed to this peer. */
  async receive(id: string, from: string, enc: BinaryNode) {
    const plain = await this.repo.decryptMessage({
      jid: from,
      type: enc.attrs.type as "pkmsg" | "msg",
      ciphertext: enc.content as Uint8Array,
    });
    this.inbox.push({ id, message: proto.Message.decode(unpadRandomMax16(plain)) });
  }

  /**
   * Signal-encrypts a message to a device of the linked client: the first one to that device is a
   * `pkmsg` (the session starts from the bundle `fetchBundle` answers), later ones `msg`.
   */
  async encryptTo(jid: string, fetchBundle: () => E2EBundle, message: proto.IMessage): Promise<{ type: "pkmsg" | "msg"; ciphertext: Uint8Array }> {
    if (!(await this.repo.validateSession(jid)).exists) await this.repo.injectE2ESession({ jid, session: fetchBundle() as never });
    return this.repo.encryptMessage({ jid, data: encodeWAMessage(message) });
  }
}
