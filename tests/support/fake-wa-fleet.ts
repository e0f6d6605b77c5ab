/**
 * The fake WhatsApp server for many linked numbers at once (tests/nodes-e2e): each account (a number linked by QR)
 * has its own JID and LID, and the server keeps what a real WhatsApp keeps for it, so a test can kill the node that
 * runs a session and see what the customers and contacts see:
 * - a customer's message stays queued for the account until the client's receipt says it arrived; a login delivers
 *   what is still queued (offline), as WhatsApp does after a phone or a linked device was away;
 * - a second login of an account closes the first one with `conflict replaced` (counted: two nodes running the
 *   same session at once is what leases must prevent);
 * - every message a client sends is counted per addressee number and message id (a campaign's "once per contact").
 */
import { type BinaryNode, getBinaryNodeChild, getBinaryNodeChildren, jidDecode } from "baileys";
import { FakeWaServer } from "./fake-wa-server";
import type { FakeSession, InboundStanza } from "./fake-wa-session";

type Stanza = InboundStanza & { content: { conversation: string } };

/** One linked number and what the server keeps for it. */
export interface FleetAccount {
  number: string;
  jid: string;
  lid: string;
  /** The session that logged in last (live unless `closed`). */
  session?: FakeSession;
  /** Customer messages not yet receipted by the client, by id (delivered again at the next login). */
  pending: Map<string, Stanza>;
  logins: number;
  /** Older sessions closed because a newer one logged in. */
  replaced: number;
}

export class FakeWaFleet extends FakeWaServer {
  readonly accounts = new Map<string, FleetAccount>();
  /** Messages the clients sent, per addressee number: every stanza's id, in order (a resend repeats its id). */
  readonly sent = new Map<string, string[]>();
  /** Every login, in order (number and time): reconnects are counted from it. */
  readonly loginLog: { number: string; at: number }[] = [];
  private nextAccount = 0;

  /** A new account to link (`5511900000001`, …). */
  newAccount(): FleetAccount {
    const k = ++this.nextAccount;
    const number = `55119${String(k).padStart(8, "0")}`;
    const account: FleetAccount = {
      number,
      jid: `${number}:7@s.whatsapp.net`,
      lid: `9${String(k).padStart(10, "0")}:7@lid`,
      pending: new Map(),
      logins: 0,
      replaced: 0,
    };
    this.accounts.set(number, account);
    return account;
  }

  /**
   * Completes the link of the registration session whose client shows `qr` (matched by the identity key the QR
   * carries) for `account`; Baileys then restarts and logs in as that number.
   */
  link(account: FleetAccount, qr: { advSecretKey: string; identityKey: Uint8Array }) {
    const key = Buffer.from(qr.identityKey);
    const session = this.sessions.find(
      (s) => !s.closed && s.hello?.kind === "registration" && s.hello.identityKey && key.equals(Buffer.from(s.hello.identityKey)),
    );
    if (!session) throw new Error("fake WA fleet: no open registration session shows this QR");
    session.pairSuccess({ advSecretKey: qr.advSecretKey, identityKey: qr.identityKey, jid: account.jid, lid: account.lid });
  }

  /** Whether the account's latest session is logged in and open. */
  online(account: FleetAccount): boolean {
    return !!account.session && !account.session.closed;
  }

  /** A customer (`from`, a number) writes to an account: delivered now when it is online, else at its next login. */
  write(account: FleetAccount, from: string, id: string, text: string) {
    const stanza: Stanza = { from: `${from}@s.whatsapp.net`, id, pushName: `Cliente ${from.slice(-4)}`, content: { conversation: text } };
    account.pending.set(id, stanza);
    if (this.online(account)) account.session!.message(stanza);
  }

  /** Messages sent to `number` (stanzas, and distinct ids). */
  sentTo(number: string): { stanzas: number; ids: number } {
    const ids = this.sent.get(number) ?? [];
    return { stanzas: ids.length, ids: new Set(ids).size };
  }

  override onHello(s: FakeSession) {
    const hello = s.hello!;
    const account = hello.kind === "login" ? this.accounts.get(String(hello.username)) : undefined;
    if (!account) return super.onHello(s);
    const previous = account.session;
    account.session = s;
    account.logins++;
    this.loginLog.push({ number: account.number, at: Date.now() });
    if (previous && !previous.closed) {
      account.replaced++;
      previous.conflictReplaced();
    }
    s.send({ tag: "success", attrs: { t: String(Math.floor(Date.now() / 1000)), lid: account.lid } });
    const queued = [...account.pending.values()];
    for (const m of queued) s.message({ ...m, offline: true });
    s.offlineDone(queued.length);
    this.notify();
  }

  override async handleNode(s: FakeSession, node: BinaryNode) {
    const account = s.hello?.kind === "login" ? this.accounts.get(String(s.hello.username)) : undefined;
    if (account && node.tag === "receipt") {
      const list = getBinaryNodeChild(node, "list");
      const ids = [node.attrs.id, ...getBinaryNodeChildren(list, "item").map((i) => i.attrs.id)];
      for (const id of ids) account.pending.delete(id);
    }
    if (account && node.tag === "message" && node.attrs.to) {
      const to = jidDecode(node.attrs.to);
      const number = this.peerOf(node.attrs.to)?.number ?? to?.user ?? node.attrs.to;
      if (to?.server !== "g.us") {
        const ids = this.sent.get(number) ?? [];
        ids.push(node.attrs.id);
        this.sent.set(number, ids);
      }
    }
    await super.handleNode(s, node);
  }
}
