/**
 * A scripted fake WhatsApp Web server on 127.0.0.1 for end-to-end tests of the real Baileys client
 * (BAILEYS.md §6-7, §9). It speaks the server half of Noise XX with Baileys' own crypto exports, signs
 * its certificate chain with a test root key (the client must have that key swapped into
 * `WA_CERT_DETAILS.PUBLIC_KEY`), then exchanges binary nodes: pair-device refs (QR), pair-success,
 * `<success>`, stream errors, failures, pings, inbound `<plaintext>` or Signal-encrypted `<enc>`
 * messages (peers encrypt to the pre-keys the client uploaded) and receipts.
 */
import { readFile, rm } from "node:fs/promises";
import type { ServerWebSocket } from "bun";
import { type BinaryNode, Curve, encryptedStream, getBinaryNodeChild, jidDecode, type KeyPair, proto } from "baileys";
import { ClientKeyStore } from "./fake-wa-keys";
import { FakePeer } from "./fake-wa-peer";
import { type ClientHelloInfo, FakeSession } from "./fake-wa-session";

export { FakePeer } from "./fake-wa-peer";
export { type ClientHelloInfo, FakeSession } from "./fake-wa-session";

export interface LoginScript {
  /** "success" (default), or a `<failure reason=N>`, or keep silent. */
  outcome?: "success" | { failure: number } | "silent";
  /** The script for the logins after this one (default: this one again). */
  next?: LoginScript;
}

export interface FakeWaOptions {
  /** Sign the intermediate certificate with a key that is NOT the advertised root. */
  wrongRoot?: boolean;
  /** Number of QR refs sent in pair-device (default 3). */
  refs?: number;
  /** Answer `w:p` pings (default true). */
  answerPings?: boolean;
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
  /** Groups the server knows (metadata queries), by group JID. */
  readonly groups = new Map<string, { subject: string; participants: string[] }>();
  /** Contacts that exist on the fake network (for usync, key fetches and sends), by number. */
  readonly peers = new Map<string, FakePeer>();
  /** The linked client's uploaded keys (kept across logins, as the real server keeps them). */
  readonly clientKeys = new ClientKeyStore();
  /** The media host announced in `media_conn` (host:port and its upload auth); unset: no hosts. */
  mediaHost?: { hostname: string; auth: string };
  /** Automatically finish a pairing with 515 once the client signs (default true). */
  autoRestartAfterPair = true;
  /** Accept WebSockets but never answer (no handshake, no QR): a WhatsApp that hangs. */
  silent = false;
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

  protected peerOf(jid: string | undefined): FakePeer | undefined {
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

  /** Listens on 127.0.0.1 (`port` 0: a free one; a stopped server can start again on its old port). */
  start(port = 0) {
    const self = this;
    const bySocket = new Map<ServerWebSocket<unknown>, FakeSession>();
    this.server = Bun.serve({
      hostname: "127.0.0.1",
      port,
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
          if (self.silent) return; // a server that accepts the socket and never answers
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
      if (this.login.next) this.login = this.login.next;
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
      const reply = (content?: BinaryNode[]) => s.send({ tag: "iq", attrs: { from: "s.whatsapp.net", type: "result", id: attrs.id }, content });
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
      if (attrs.xmlns === "w:sync:app:state") {
        // app-state sync: every asked collection is up to date (no snapshot, no patches)
        const asked = Array.isArray(first?.content) ? first.content : [];
        return reply([
          { tag: "sync", attrs: {}, content: asked.map((c) => ({ tag: "collection", attrs: { name: c.attrs.name, version: c.attrs.version ?? "0" } })) },
        ]);
      }
      if (attrs.xmlns === "w:m" && child === "media_conn") {
        this.record("media_conn", node, s);
        const host = this.mediaHost;
        return reply([
          {
            tag: "media_conn",
            attrs: { auth: host?.auth ?? "none", ttl: "3600" },
            content: host ? [{ tag: "host", attrs: { hostname: host.hostname, maxContentLengthBytes: String(100 * 1024 * 1024) } }] : [],
          },
        ]);
      }
      if (attrs.xmlns === "w:g2" && child === "query") {
        this.record("group-metadata", node, s);
        const g = this.groups.get(attrs.to);
        if (!g) return reply([{ tag: "error", attrs: { code: "404", text: "item-not-found" } }]);
        return reply([
          {
            tag: "group",
            attrs: { id: attrs.to.split("@")[0], subject: g.subject, creation: "1700000000", s_t: "1700000000" },
            content: g.participants.map((jid) => ({ tag: "participant", attrs: { jid } })),
          },
        ]);
      }
      if (attrs.xmlns === "encrypt" && child === "key") {
        const keyNode = getBinaryNodeChild(node, "key");
        const users = Array.isArray(keyNode?.content) ? keyNode.content : [];
        const bundles = users
          .map((u) => ({ jid: u.attrs.jid, peer: this.peerOf(u.attrs.jid) }))
          .filter((x): x is { jid: string; peer: FakePeer } => !!x.peer)
          .map((x) => x.peer.bundle(x.jid));
        return reply([{ tag: "list", attrs: {}, content: bundles }]);
      }
      if (attrs.xmlns === "encrypt" && child === "count") return reply([{ tag: "count", attrs: { value: String(this.clientKeys.count) } }]);
      if (attrs.xmlns === "encrypt" && attrs.type === "set" && this.clientKeys.absorb(node)) {
        this.record("prekeys", node, s);
        return reply();
      }
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

  /**
   * Delivers a message from a peer to the linked client, Signal-encrypted to the keys it uploaded:
   * `pkmsg` for the peer's first message, `msg` after. `tamper` flips a byte of the ciphertext;
   * `lid` sends it LID-addressed (`from` the peer's LID, `sender_pn` its number). Answers the type.
   */
  async sendEncrypted(
    m: { peer: FakePeer; id: string; content: proto.IMessage; pushName?: string; lid?: boolean; tamper?: boolean },
    s: FakeSession | undefined = this.last(),
  ) {
    if (!s) throw new Error("fake WA server: no session");
    const { type, ciphertext } = await m.peer.encryptTo(this.me.jid, () => this.clientKeys.take(), m.content);
    const bytes = Buffer.from(ciphertext);
    if (m.tamper) bytes[bytes.length - 12] ^= 0x01;
    s.encMessage({
      from: m.lid ? m.peer.lidJid : m.peer.pnJid,
      senderPn: m.lid ? m.peer.pnJid : undefined,
      id: m.id,
      pushName: m.pushName,
      type,
      ciphertext: bytes,
    });
    return type;
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

  protected notify() {
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
