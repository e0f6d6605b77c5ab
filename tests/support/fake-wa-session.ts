/** One client connection to the fake WhatsApp server: Noise XX server half and node framing. */
import type { ServerWebSocket } from "bun";
import {
  aesDecryptGCM,
  aesEncryptGCM,
  type BinaryNode,
  Curve,
  decodeBinaryNode,
  encodeBinaryNode,
  hkdf,
  hmacSign,
  NOISE_MODE,
  proto,
  sha256,
  WA_ADV_ACCOUNT_SIG_PREFIX,
} from "baileys";
import type { FakeWaServer } from "./fake-wa-server";

const WA_HEADER_LEN = 4; // "WA", 6, dict version

/** What the client declared in its ClientPayload. */
export interface ClientHelloInfo {
  kind: "registration" | "login";
  username?: number;
  device?: number;
  /** registration only: the companion's identity public key (eIdent). */
  identityKey?: Uint8Array;
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

  /** An inbound `<message><plaintext>` (a real server sends `<enc>`: see `encMessage`; Baileys accepts both). */
  message(m: InboundStanza & { content: proto.IMessage }) {
    this.send({
      tag: "message",
      attrs: inboundAttrs(m),
      content: [{ tag: "plaintext", attrs: {}, content: proto.Message.encode(m.content).finish() }],
    });
  }

  /** An inbound `<message><enc type=pkmsg|msg>`: a Signal ciphertext a peer made for this client (FakePeer.encryptTo). */
  encMessage(m: InboundStanza & { type: "pkmsg" | "msg"; ciphertext: Uint8Array }) {
    this.send(encStanza(m));
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
    const accountSignature = Curve.sign(account.private, Buffer.concat([WA_ADV_ACCOUNT_SIG_PREFIX, deviceDetails, Buffer.from(p.identityKey)]));
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

/** The envelope of an inbound 1:1 message (the sender, and LID addressing when `senderPn` is given). */
export interface InboundStanza {
  from: string;
  id: string;
  pushName?: string;
  senderPn?: string;
  offline?: boolean;
  t?: number;
}

function inboundAttrs(m: InboundStanza): Record<string, string> {
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
  return attrs;
}

/** The `<message><enc>` node of an encrypted inbound message (built ahead of time by the benchmark). */
export function encStanza(m: InboundStanza & { type: "pkmsg" | "msg"; ciphertext: Uint8Array }): BinaryNode {
  return {
    tag: "message",
    attrs: inboundAttrs(m),
    content: [{ tag: "enc", attrs: { v: "2", type: m.type }, content: m.ciphertext }],
  };
}
