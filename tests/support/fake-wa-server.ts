/**
 * A scripted fake WhatsApp Web server on 127.0.0.1 for end-to-end tests of the real Baileys client
 * (BAILEYS.md §6-7, §9). It speaks the server half of Noise XX with Baileys' own crypto exports, signs
 * its certificate chain with a test root key (the client must have that key swapped into
 * `WA_CERT_DETAILS.PUBLIC_KEY`), then exchanges binary nodes: pair-device refs (QR), pair-success,
 * `<success>`, stream errors, failures, pings, inbound `<plaintext>` messages and receipts.
 */
import { readFile, rm } from "node:fs/promises";
import type { ServerWebSocket } from "bun";
import {
  addTransactionCapability,
  aesDecryptGCM,
  aesEncryptGCM,
  type BinaryNode,
  Curve,
  decodeBinaryNode,
  encodeBinaryNode,
  encryptedStream,
  getBinaryNodeChild,
  hkdf,
  hmacSign,
  initAuthCreds,
  jidDecode,
  type KeyPair,
  NOISE_MODE,
  proto,
  type SignalDataSet,
  type SignalKeyStore,
  sha256,
  unpadRandomMax16,
  WA_ADV_ACCOUNT_SIG_PREFIX,
} from "baileys";
import { makeLibSignalRepository } from "baileys/lib/Signal/libsignal.js";
import type { ILogger } from "baileys/lib/Utils/logger";

const WA_HEADER_LEN = 4; // "WA", 6, dict version

/** What the client declared in its ClientPayload. */
export interface ClientHelloInfo {
  kind: "registration" | "login";
  username?: number;
  device?: number;
  /** registration only: the companion's identity public key (eIdent). */
  identityKey?: Uint8Array;
}

export interface LoginScript {
  /** "success" (default), or a `<failure reason=N>`, or keep silent. */
  outcome?: "success" | { failure: number } | "silent";
}

export interface FakeWaOptions {
  /** Sign the intermediate certificate with a key that is NOT the advertised root. */
  wrongRoot?: boolean;
  /** Number of QR refs sent in pair-device (default 3). */
  refs?: number;
  /** Answer `w:p` pings (default true). */
  answerPings?: boolean;
}

type Counter = { n: number };

class HandshakeState {
  hash: Buffer;
  salt: Buffer;
  key: Buffer;
  counter = 0;
  constructor() {
    const mode = Buffer.from(NOISE_MODE);
    this.hash = mode.byteLength === 32 ? mode : sha256(mode);
    this.salt = this.hash;
    this.key = this.hash;
  }
  mixHash(data: Uint8Array) {
    this.hash = sha256(Buffer.concat([this.hash, data]));
  }
  mixKey(ikm: Uint8Array) {
    const out = hkdf(Buffer.from(ikm), 64, { salt: this.salt, info: "" });
    this.salt = Buffer.from(out.subarray(0, 32));
    this.key = Buffer.from(out.subarray(32));
    this.counter = 0;
  }
  encrypt(plain: Uint8Array) {
    const out = aesEncryptGCM(plain, this.key, iv(this.counter++), this.hash);
    this.mixHash(out);
    return out;
  }
  decrypt(cipher: Uint8Array) {
    const out = aesDecryptGCM(cipher, this.key, iv(this.counter++), this.hash);
    this.mixHash(cipher);
    return out;
  }
  split() {
    const out = hkdf(Buffer.alloc(0), 64, { salt: this.salt, info: "" });
    // client writes with the first half and reads with the second; the server mirrors it
    return { dec: Buffer.from(out.subarray(0, 32)), enc: Buffer.from(out.subarray(32)) };
  }
}

function iv(counter: number) {
  const b = Buffer.alloc(12);
  b.writeUInt32BE(counter, 8);
  return b;
}


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
}

/** One client connection to the fake server. */
export class FakeSession {
  hello?: ClientHelloInfo;
  /** Every binary node received from the client after the handshake. */
  readonly received: BinaryNode[] = [];
  closed = false;
  private inBuf = Buffer.alloc(0);
  private sawIntro = false;
  private hs = new HandshakeState();
  private ephemeral = Curve.generateKeyPair();
  private transport?: { enc: Buffer; dec: Buffer; r: Counter; w: Counter };
  private chain: Promise<void> = Promise.resolve();
  private tag = 0;

  constructor(
    private readonly server: FakeWaServer,
    readonly ws: ServerWebSocket<unknown>,
  ) {}

  onData(data: Buffer) {
    this.chain = this.chain
      .then(() => this.consume(data))
      .catch((e) => {
        this.server.errors.push(e as Error);
      });
  }

  private async consume(data: Buffer) {
    let buf = Buffer.concat([this.inBuf, data]);
    if (!this.sawIntro) {
      if (buf.length < WA_HEADER_LEN) {
        this.inBuf = buf;
        return;
      }
      buf = buf.subarray(WA_HEADER_LEN);
      this.sawIntro = true;
    }
    while (buf.length >= 3) {
      const size = (buf[0] << 16) | (buf[1] << 8) | buf[2];
      if (buf.length < size + 3) break;
      const frame = buf.subarray(3, size + 3);
      buf = buf.subarray(size + 3);
      await this.onFrame(Buffer.from(frame));
    }
    this.inBuf = Buffer.from(buf);
  }

  private async onFrame(frame: Buffer) {
    if (!this.transport) {
      const msg = proto.HandshakeMessage.decode(frame);
      if (msg.clientHello?.ephemeral) return this.onClientHello(Buffer.from(msg.clientHello.ephemeral));
      if (msg.clientFinish) return this.onClientFinish(msg.clientFinish);
      throw new Error("unexpected handshake message");
    }
    const t = this.transport;
    const plain = aesDecryptGCM(frame, t.dec, iv(t.r.n++), Buffer.alloc(0));
    const node = await decodeBinaryNode(plain);
    this.received.push(node);
    await this.server.handleNode(this, node);
  }

  private onClientHello(clientEphemeral: Buffer) {
    const { hs } = this;
    hs.mixHash(Buffer.from([87, 65, 6, 3]));
    hs.mixHash(clientEphemeral);
    hs.mixHash(this.ephemeral.public);
    hs.mixKey(Curve.sharedKey(this.ephemeral.private, clientEphemeral));
    const encStatic = hs.encrypt(this.server.staticKey.public);
    hs.mixKey(Curve.sharedKey(this.server.staticKey.private, clientEphemeral));
    const encPayload = hs.encrypt(this.server.certChain());
    const out = proto.HandshakeMessage.encode({
      serverHello: { ephemeral: this.ephemeral.public, static: encStatic, payload: encPayload },
    }).finish();
    this.sendRaw(Buffer.from(out));
  }
  private onClientFinish(fin: proto.HandshakeMessage.IClientFinish) {
    const { hs } = this;
    const clientStatic = hs.decrypt(fin.static!);
    hs.mixKey(Curve.sharedKey(this.ephemeral.private, clientStatic));
    const payload = proto.ClientPayload.decode(hs.decrypt(fin.payload!));
    const { enc, dec } = hs.split();
    this.transport = { enc, dec, r: { n: 0 }, w: { n: 0 } };
    const login = payload.username !== null && payload.username !== undefined && Number(payload.username) > 0;
    this.hello = login
      ? { kind: "login", username: Number(payload.username), device: payload.device ?? 0 }
      : {
          kind: "registration",
          identityKey: payload.devicePairingData?.eIdent ? Buffer.from(payload.devicePairingData.eIdent) : undefined,
        };
    this.server.onHello(this);
  }

  private sendRaw(data: Buffer) {
    if (this.closed) return;
    const frame = Buffer.alloc(3 + data.length);
    frame[0] = (data.length >> 16) & 0xff;
    frame[1] = (data.length >> 8) & 0xff;
    frame[2] = data.length & 0xff;
    data.copy(frame, 3);
    this.ws.sendBinary(frame);
  }

  /** Sends a binary node over the transport. */
  send(node: BinaryNode) {
    const t = this.transport;
    if (!t) throw new Error("handshake not finished");
    const enc = aesEncryptGCM(encodeBinaryNode(node), t.enc, iv(t.w.n++), Buffer.alloc(0));
    this.sendRaw(Buffer.from(enc));
  }

  nextId() {
    this.tag += 1;
    return `srv.${this.tag}`;
  }

  /** `<stream:error code=N>` then close (515 restart required, 503…). */
  streamError(code: number) {
    this.send({ tag: "stream:error", attrs: { code: String(code) } });
    this.close();
  }

  /** `<stream:error><conflict type=replaced/>` → client closes with 440. */
  conflictReplaced() {
    this.send({ tag: "stream:error", attrs: {}, content: [{ tag: "conflict", attrs: { type: "replaced" } }] });
    this.close();
  }

  /** `<failure reason=N>`. */
  failure(reason: number) {
    this.send({ tag: "failure", attrs: { reason: String(reason) } });
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    try {
      this.ws.close();
    } catch {}
  }

  /** An inbound `<message><plaintext>` (a real server would send `<enc>`; Baileys accepts both). */
  message(m: {
    from: string;
    id: string;
    content: proto.IMessage;
    pushName?: string;
    senderPn?: string;
    offline?: boolean;
    t?: number;
  }) {
    const attrs: Record<string, string> = {
      from: m.from,
      id: m.id,
      type: "text",
      t: String(m.t ?? Math.floor(Date.now() / 1000)),
      notify: m.pushName ?? "Cliente",
    };
    if (m.senderPn) {
      attrs.sender_pn = m.senderPn;
      attrs.addressing_mode = "lid";
    }
    if (m.offline) attrs.offline = "1";
    this.send({
      tag: "message",
      attrs,
      content: [{ tag: "plaintext", attrs: {}, content: proto.Message.encode(m.content).finish() }],
    });
  }

  /** A group `<message><plaintext>` from a participant (LID with participant_pn, or PN). */
  groupMessage(m: { group: string; participant: string; participantPn?: string; id: string; content: proto.IMessage }) {
    const attrs: Record<string, string> = {
      from: m.group,
      participant: m.participant,
      id: m.id,
      type: "text",
      t: String(Math.floor(Date.now() / 1000)),
      notify: "Membro",
    };
    if (m.participantPn) {
      attrs.participant_pn = m.participantPn;
      attrs.addressing_mode = "lid";
    }
    this.send({
      tag: "message",
      attrs,
      content: [{ tag: "plaintext", attrs: {}, content: proto.Message.encode(m.content).finish() }],
    });
  }

  /** A `<call>` stanza (offer with optional video, or terminate). */
  call(c: { from: string; callId: string; status: "offer" | "terminate"; video?: boolean; callerPn?: string }) {
    const info: Record<string, string> = { "call-id": c.callId, "call-creator": c.from };
    if (c.callerPn) info.caller_pn = c.callerPn;
    this.send({
      tag: "call",
      attrs: { from: c.from, id: this.nextId(), t: String(Math.floor(Date.now() / 1000)) },
      content: [{ tag: c.status, attrs: info, content: c.video ? [{ tag: "video", attrs: {} }] : undefined }],
    });
  }

  /** A delivery (no type) / read / played receipt for a message the client sent. */
  receipt(r: { from: string; id: string; type?: "read" | "played" }) {
    const attrs: Record<string, string> = { from: r.from, id: r.id, t: String(Math.floor(Date.now() / 1000)) };
    if (r.type) attrs.type = r.type;
    this.send({ tag: "receipt", attrs });
  }

  /** Tells the client the offline backlog is flushed (releases Baileys' event buffer). */
  offlineDone(count = 0) {
    this.send({ tag: "ib", attrs: {}, content: [{ tag: "offline", attrs: { count: String(count) } }] });
  }

  /**
   * Simulates the phone accepting the link: `pair-success` signed for the companion identity with
   * an account key, HMAC'd with the companion's adv secret (taken from the QR or the creds).
   */
  pairSuccess(p: { advSecretKey: string; identityKey: Uint8Array; jid: string; lid: string }) {
    const account = Curve.generateKeyPair();
    const deviceDetails = proto.ADVDeviceIdentity.encode({
      rawId: 1,
      timestamp: Math.floor(Date.now() / 1000),
      keyIndex: 1,
    }).finish();
    const accountSignature = Curve.sign(
      account.private,
      Buffer.concat([WA_ADV_ACCOUNT_SIG_PREFIX, deviceDetails, Buffer.from(p.identityKey)]),
    );
    const details = proto.ADVSignedDeviceIdentity.encode({
      details: deviceDetails,
      accountSignatureKey: account.public,
      accountSignature,
    }).finish();
    const hmac = hmacSign(Buffer.from(details), Buffer.from(p.advSecretKey, "base64"));
    const identity = proto.ADVSignedDeviceIdentityHMAC.encode({ details, hmac }).finish();
    this.send({
      tag: "iq",
      attrs: { from: "s.whatsapp.net", type: "set", id: this.nextId() },
      content: [
        {
          tag: "pair-success",
          attrs: {},
          content: [
            { tag: "device-identity", attrs: {}, content: identity },
            { tag: "platform", attrs: { name: "smba" } },
            { tag: "device", attrs: { jid: p.jid, lid: p.lid } },
          ],
        },
      ],
    });
  }
}

/** Parses the QR string Baileys emits: ref,noiseKey,identityKey,advSecret,platform. */
export function parseQr(qr: string) {
  const [ref, noiseKey, identityKey, advSecretKey] = qr.split("#")[1].split(",");
  return { ref, noiseKey: Buffer.from(noiseKey, "base64"), identityKey: Buffer.from(identityKey, "base64"), advSecretKey };
}

export class FakeWaServer {
  readonly root: KeyPair = Curve.generateKeyPair();
  readonly staticKey: KeyPair = Curve.generateKeyPair();
  readonly sessions: FakeSession[] = [];
  readonly errors: Error[] = [];
  /** Log of notable client actions (pair-device-sign, link_code_companion_reg, logout…). */
  readonly log: { type: string; node?: BinaryNode; session: FakeSession }[] = [];
  opts: Required<FakeWaOptions>;
  /** How the next login is answered. */
  login: LoginScript = { outcome: "success" };
  /** Messages delivered (with `offline`) right after the next successful login. */
  readonly offlineQueue: Parameters<FakeSession["message"]>[0][] = [];
  me = { jid: "15550001111:7@s.whatsapp.net", lid: "88880001111:7@lid" };
  /** Contacts that exist on the fake network (for usync, key fetches and sends), by number. */
  readonly peers = new Map<string, FakePeer>();
  /** Automatically finish a pairing with 515 once the client signs (default true). */
  autoRestartAfterPair = true;
  private server?: ReturnType<typeof Bun.serve>;
  private waiters: { check: () => boolean; resolve: () => void }[] = [];

  constructor(opts: FakeWaOptions = {}) {
    this.opts = { wrongRoot: false, refs: 3, answerPings: true, ...opts };
  }

  /** Adds a contact with Signal keys (number digits, LID user digits). */
  async addPeer(number: string, lidUser: string) {
    const p = await new FakePeer(number, lidUser).init();
    this.peers.set(number, p);
    return p;
  }

  private peerOf(jid: string | undefined): FakePeer | undefined {
    const d = jidDecode(jid);
    if (!d) return undefined;
    for (const p of this.peers.values()) if (p.number === d.user || p.lidUser === d.user) return p;
    return undefined;
  }

  /** Answers a usync query (devices, lid, contact protocols) from the known peers. */
  private usyncReply(node: BinaryNode): BinaryNode[] {
    const usync = getBinaryNodeChild(node, "usync");
    const query = getBinaryNodeChild(usync, "query");
    const protocols = Array.isArray(query?.content) ? query.content.map((c) => c.tag) : [];
    const list = getBinaryNodeChild(usync, "list");
    const users = Array.isArray(list?.content) ? list.content : [];
    const out: BinaryNode[] = [];
    for (const u of users) {
      const contactNode = Array.isArray(u.content) ? u.content.find((c) => c.tag === "contact") : undefined;
      const phone = contactNode?.content ? Buffer.from(contactNode.content as Uint8Array).toString() : undefined;
      const jid = u.attrs.jid ?? (phone ? `${phone.replace(/\D/g, "")}@s.whatsapp.net` : undefined);
      if (!jid) continue;
      const peer = this.peerOf(jid);
      const content: BinaryNode[] = [];
      for (const proto_ of protocols) {
        if (proto_ === "devices") {
          const devices = peer ? [{ tag: "device", attrs: { id: "0" } }] : [];
          content.push({ tag: "devices", attrs: {}, content: [{ tag: "device-list", attrs: {}, content: devices }] });
        } else if (proto_ === "lid" && peer) {
          content.push({ tag: "lid", attrs: { val: peer.lidJid } });
        } else if (proto_ === "contact") {
          content.push({ tag: "contact", attrs: { type: peer ? "in" : "out" } });
        }
      }
      out.push({ tag: "user", attrs: { jid: peer && !u.attrs.jid ? peer.pnJid : jid }, content });
    }
    return [{ tag: "usync", attrs: {}, content: [{ tag: "list", attrs: {}, content: out }] }];
  }

  /** Encrypted media blobs served over plain http on the same port, by path. */
  readonly media = new Map<string, Uint8Array>();

  /**
   * Encrypts bytes the way WhatsApp media is stored and serves them; returns the fields a media
   * message needs (url instead of directPath, so the client fetches from 127.0.0.1).
   */
  async hostMedia(bytes: Uint8Array, mediaType: "image" | "audio" | "video" | "document" | "sticker") {
    const enc = await encryptedStream(Buffer.from(bytes), mediaType);
    const blob = await readFile(enc.encFilePath);
    await rm(enc.encFilePath, { force: true });
    const path = `/media/${this.media.size + 1}`;
    this.media.set(path, blob);
    return {
      url: `http://127.0.0.1:${this.server!.port}${path}`,
      mediaKey: enc.mediaKey,
      fileSha256: enc.fileSha256,
      fileEncSha256: enc.fileEncSha256,
      fileLength: enc.fileLength,
    };
  }

  /** Hex of the root public key the client must trust (`WA_TEST_ROOT_KEY`). */
  get rootKeyHex() {
    return Buffer.from(this.root.public).toString("hex");
  }

  get url() {
    return `ws://127.0.0.1:${this.server!.port}/ws/chat`;
  }

  start() {
    const self = this;
    const bySocket = new Map<ServerWebSocket<unknown>, FakeSession>();
    this.server = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch(req, srv) {
        const path = new URL(req.url).pathname;
        if (path.startsWith("/media/")) {
          const body = self.media.get(path);
          return body ? new Response(Buffer.from(body)) : new Response("gone", { status: 404 });
        }
        if (srv.upgrade(req, { data: undefined })) return undefined;
        return new Response("no", { status: 400 });
      },
      websocket: {
        open(ws) {
          const s = new FakeSession(self, ws);
          bySocket.set(ws, s);
          self.sessions.push(s);
          self.notify();
        },
        message(ws, data) {
          bySocket.get(ws)?.onData(Buffer.from(data as Uint8Array));
        },
        close(ws) {
          const s = bySocket.get(ws);
          if (s) s.closed = true;
          self.notify();
        },
      },
    });
    return this;
  }

  stop() {
    for (const s of this.sessions) s.close();
    this.server?.stop(true);
  }

  /** The intermediate + leaf certificates, signed with the test root (or a wrong one). */
  certChain(): Uint8Array {
    const signer = this.opts.wrongRoot ? Curve.generateKeyPair() : this.root;
    const intermediateKey = Curve.generateKeyPair();
    const intermediateDetails = proto.CertChain.NoiseCertificate.Details.encode({
      serial: 1,
      issuerSerial: 0,
      key: intermediateKey.public,
      notBefore: 0,
      notAfter: 4_000_000_000,
    }).finish();
    const leafDetails = proto.CertChain.NoiseCertificate.Details.encode({
      serial: 2,
      issuerSerial: 1,
      key: this.staticKey.public,
      notBefore: 0,
      notAfter: 4_000_000_000,
    }).finish();
    return proto.CertChain.encode({
      intermediate: { details: intermediateDetails, signature: Curve.sign(signer.private, intermediateDetails) },
      leaf: { details: leafDetails, signature: Curve.sign(intermediateKey.private, leafDetails) },
    }).finish();
  }

  /** Called when the client finished the handshake. */
  onHello(s: FakeSession) {
    const hello = s.hello!;
    if (hello.kind === "registration") {
      const refs = Array.from({ length: this.opts.refs }, (_, i) => ({
        tag: "ref",
        attrs: {},
        content: Buffer.from(`ref-${i + 1}-${Math.random().toString(36).slice(2, 8)}`),
      }));
      s.send({
        tag: "iq",
        attrs: { from: "s.whatsapp.net", type: "set", id: s.nextId() },
        content: [{ tag: "pair-device", attrs: {}, content: refs }],
      });
    } else {
      const outcome = this.login.outcome ?? "success";
      if (outcome === "success") {
        s.send({ tag: "success", attrs: { t: String(Math.floor(Date.now() / 1000)), lid: this.me.lid } });
        const queued = this.offlineQueue.splice(0);
        for (const m of queued) s.message({ ...m, offline: true });
        s.offlineDone(queued.length);
      } else if (outcome !== "silent") {
        s.failure(outcome.failure);
      }
    }
    this.notify();
  }

  /** Default answers to what the client sends. */
  async handleNode(s: FakeSession, node: BinaryNode) {
    const { tag, attrs } = node;
    if (tag === "iq") {
      const first = Array.isArray(node.content) ? node.content[0] : undefined;
      const child = first?.tag;
      if (attrs.type === "result" && getBinaryNodeChild(node, "pair-device-sign")) {
        this.record("pair-device-sign", node, s);
        if (this.autoRestartAfterPair) s.streamError(515);
        return;
      }
      if (attrs.type === "result" || attrs.type === "error") return;
      const reply = (content?: BinaryNode[]) =>
        s.send({ tag: "iq", attrs: { from: "s.whatsapp.net", type: "result", id: attrs.id }, content });
      if (attrs.xmlns === "w:p") {
        this.record("ping", node, s);
        if (this.opts.answerPings) reply();
        return;
      }
      if (attrs.xmlns === "md" && child === "link_code_companion_reg") {
        this.record("link_code_companion_reg", node, s);
        reply([{ tag: "link_code_companion_reg", attrs: { ref: "pairing-ref" } }]);
        return;
      }
      if (attrs.xmlns === "md" && child === "remove-companion-device") {
        this.record("logout", node, s);
        reply();
        return;
      }
      if (attrs.xmlns === "usync") return reply(this.usyncReply(node));
      if (attrs.xmlns === "encrypt" && child === "key") {
        const keyNode = getBinaryNodeChild(node, "key");
        const users = Array.isArray(keyNode?.content) ? keyNode.content : [];
        const bundles = users
          .map((u) => ({ jid: u.attrs.jid, peer: this.peerOf(u.attrs.jid) }))
          .filter((x): x is { jid: string; peer: FakePeer } => !!x.peer)
          .map((x) => x.peer.bundle(x.jid));
        return reply([{ tag: "list", attrs: {}, content: bundles }]);
      }
      if (attrs.xmlns === "encrypt" && child === "count") return reply([{ tag: "count", attrs: { value: "812" } }]);
      if (attrs.xmlns === "encrypt" && child === "digest") return reply([{ tag: "digest", attrs: {} }]);
      this.record(`iq:${attrs.xmlns ?? "?"}:${child ?? ""}`, node, s);
      reply();
      return;
    }
    if (tag === "message") {
      this.record("message", node, s);
      await this.deliver(s, node);
      return;
    }
    if (tag === "receipt" || tag === "ack" || tag === "presence" || tag === "ib") {
      this.record(tag, node, s);
      return;
    }
    this.record(tag, node, s);
  }

  /** Decrypts a message the client sent for each addressed peer device, then acks it. */
  private async deliver(s: FakeSession, node: BinaryNode) {
    const from = this.me.jid;
    const participants = getBinaryNodeChild(node, "participants");
    const targets: { jid: string; enc: BinaryNode }[] = [];
    for (const to of Array.isArray(participants?.content) ? participants.content : []) {
      const enc = getBinaryNodeChild(to, "enc");
      if (enc) targets.push({ jid: to.attrs.jid, enc });
    }
    const direct = getBinaryNodeChild(node, "enc");
    if (direct) targets.push({ jid: node.attrs.to, enc: direct });
    for (const t of targets) {
      const peer = this.peerOf(t.jid);
      if (peer) await peer.receive(node.attrs.id, from, t.enc).catch((e) => this.errors.push(e as Error));
    }
    s.send({
      tag: "ack",
      attrs: { class: "message", id: node.attrs.id, from: node.attrs.to, t: String(Math.floor(Date.now() / 1000)) },
    });
    this.notify();
  }

  private record(type: string, node: BinaryNode, session: FakeSession) {
    this.log.push({ type, node, session });
    this.notify();
  }

  private notify() {
    for (const w of [...this.waiters]) {
      if (w.check()) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  }

  /** Resolves when `check` holds (re-evaluated on every server-side change), or rejects after `ms`. */
  waitFor(check: () => boolean, ms = 3000, what = "condition"): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const w = {
        check,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        reject(new Error(`fake WA server: timed out waiting for ${what}`));
      }, ms);
      this.waiters.push(w);
    });
  }

  /** The latest session (optionally: the latest one that said hello of a kind). */
  last(kind?: ClientHelloInfo["kind"]): FakeSession | undefined {
    const list = kind ? this.sessions.filter((s) => s.hello?.kind === kind) : this.sessions;
    return list[list.length - 1];
  }

  count(type: string) {
    return this.log.filter((l) => l.type === type).length;
  }
}
