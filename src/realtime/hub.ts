import { CLOSE, type ServerFrame } from "../contract/frames";
import type { Hub as HubPort, HubSocket, PublishOptions, Published } from "../core/hub";
import type { SessionUser } from "../core/user";
import { log } from "../lib/logger";
import type { BusFrame, RealtimeBus } from "./bus";
import { type HubControl, type PresenceEntry, RemotePresence, SNAPSHOT_MS } from "./presence";
import { canViewTicket } from "../modules/tickets";

interface Member {
  ws: HubSocket;
  user: SessionUser;
  /** The token version the socket signed in with (a session ended elsewhere is found by it). */
  tokenVersion?: number;
  /** The session family the socket signed in with (ending that one session closes it). */
  sessionId?: string;
  rooms: Set<string>;
  /** Whether the socket's tab is on screen (it says so; a new socket counts as visible until then). */
  visible: boolean;
  /** Frames waiting for the next flush. */
  outbox: string[];
}

/**
 * Frames are written to each socket in batches at most this often: under a burst (thousands of
 * messages a second) a socket gets one write per batch instead of one per frame; a lone frame waits
 * at most this long.
 */
const FLUSH_MS = 4;
/** A socket whose batch grows this long is written at once (a long synchronous burst never piles up). */
const BATCH_MAX = 64;

/**
 * The realtime hub: it owns room membership of every socket and delivers each published frame to
 * each socket at most once, however many of the frame's rooms the socket joined. The frame is
 * serialised once; frames that show a conversation are checked against the recipient's ticket
 * visibility, so a socket that joined a room before a transfer cannot read what it may no longer see.
 * Services call `publish(rooms, frame)` after their transaction commits.
 */
export class Hub implements HubPort {
  private readonly members = new Map<string, Member>();
  private readonly rooms = new Map<string, Set<Member>>();
  private readonly byUser = new Map<number, Set<Member>>();
  private readonly listeners = new Set<(p: Published) => void>();
  private readonly dirty = new Set<Member>();
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  /** The bus to the other nodes' hubs (several nodes); null on one box. */
  private bus: RealtimeBus<BusFrame> | null = null;
  /** Socket counts and closes between the nodes' hubs (several nodes); null on one box. */
  private control: RealtimeBus<HubControl> | null = null;
  /** What the other nodes hold of each user's sockets. */
  private readonly remote = new RemotePresence();

  /**
   * Joins this hub to the other nodes' (docs/SCALING.md, "Realtime across nodes"): what is published here also goes
   * on the bus, and what another node published is delivered to this node's sockets with this node's visibility
   * checks, as a frame published here is. When the bus may have lost frames (its listening connection came back),
   * every socket here is closed with CLOSE.catchUp: the app reconnects and catches up from its last frame
   * (`POST /tickets/changes`), as after a wake-up. With `control`, the hubs also tell each other how many sockets
   * (and tabs on screen) each user has (presence.ts), and closing a user's or a session's sockets closes them on every
   * node. Answers the detach.
   */
  attach(bus: RealtimeBus<BusFrame>, control?: RealtimeBus<HubControl>): () => void {
    this.bus = bus;
    const off = bus.subscribe((b) => this.deliver(b.rooms, b.frame, { ticket: b.ticket, gone: b.gone }, false));
    const offGap = bus.onGap((gap) => {
      log.warn("realtime bus gap: sockets reconnect and catch up", { reason: gap.reason, from: gap.from, sockets: this.members.size });
      this.closeAll("catch up", CLOSE.catchUp);
    });
    let offControl = () => {};
    let timer: ReturnType<typeof setInterval> | undefined;
    if (control) {
      this.control = control;
      offControl = control.subscribe((c, from) => this.onControl(c, from));
      timer = setInterval(() => this.snapshot(), SNAPSHOT_MS);
      timer.unref?.();
      control.publish({ hello: true });
    }
    return () => {
      off();
      offGap();
      offControl();
      clearInterval(timer);
      if (this.bus === bus) this.bus = null;
      if (this.control === control) this.control = null;
    };
  }

  private onControl(c: HubControl, from: string) {
    if ("presence" in c) this.remote.apply(from, c.presence, c.full);
    else if ("hello" in c) this.snapshot();
    else if (c.close.userId !== undefined) this.closeWhere([...(this.byUser.get(c.close.userId) ?? [])], c.close.reason, c.close.code);
    else if (c.close.sessionId !== undefined) this.closeWhere(this.sessionMembers(c.close.sessionId), c.close.reason, c.close.code);
  }

  /** Tells the other nodes this node's counts of every user it holds sockets of. */
  private snapshot() {
    this.control?.publish({ presence: [...this.byUser.keys()].map((id) => this.countsOf(id)), full: true });
  }

  /** Tells the other nodes a user's counts here changed. */
  private tell(userId: number) {
    this.control?.publish({ presence: [this.countsOf(userId)] });
  }

  private countsOf(userId: number): PresenceEntry {
    let visible = 0;
    const sessions: string[] = [];
    for (const m of this.byUser.get(userId) ?? []) {
      if (m.visible) visible++;
      sessions.push(m.sessionId ?? "");
    }
    return [userId, visible, sessions];
  }

  /** Registers a socket of a signed-in user. */
  add(ws: HubSocket, user: SessionUser, tokenVersion?: number, sessionId?: string) {
    const m: Member = { ws, user, tokenVersion, sessionId, rooms: new Set(), visible: true, outbox: [] };
    this.members.set(ws.id, m);
    const mine = this.byUser.get(user.id) ?? new Set<Member>();
    this.byUser.set(user.id, mine);
    mine.add(m);
    if (this.control) this.tell(user.id);
  }

  /** Forgets a closed socket and its rooms. */
  remove(ws: HubSocket) {
    const m = this.members.get(ws.id);
    if (!m) return;
    this.members.delete(ws.id);
    for (const r of m.rooms) this.dropFromRoom(r, m);
    const mine = this.byUser.get(m.user.id);
    mine?.delete(m);
    if (mine?.size === 0) this.byUser.delete(m.user.id);
    if (this.control) this.tell(m.user.id);
  }

  /** The user a socket was registered with. */
  userOf(ws: HubSocket): SessionUser | undefined {
    return this.members.get(ws.id)?.user;
  }

  join(ws: HubSocket, room: string) {
    const m = this.members.get(ws.id);
    if (!m || m.rooms.has(room)) return;
    m.rooms.add(room);
    const set = this.rooms.get(room) ?? new Set<Member>();
    this.rooms.set(room, set);
    set.add(m);
  }

  leave(ws: HubSocket, room: string) {
    const m = this.members.get(ws.id);
    if (!m?.rooms.delete(room)) return;
    this.dropFromRoom(room, m);
  }

  /** Rooms a socket has joined (tests, diagnostics). */
  roomsOf(ws: HubSocket): string[] {
    return [...(this.members.get(ws.id)?.rooms ?? [])];
  }

  /** Open sockets of this node; of one user, on every node (several nodes: with what the others say). */
  socketCount(userId?: number): number {
    if (userId === undefined) return this.members.size;
    return (this.byUser.get(userId)?.size ?? 0) + (this.control ? this.remote.sockets(userId) : 0);
  }

  /** The user and token version of every open socket that signed in with one. */
  openSessions(): { userId: number; tokenVersion: number }[] {
    const out: { userId: number; tokenVersion: number }[] = [];
    for (const m of this.members.values()) if (m.tokenVersion !== undefined) out.push({ userId: m.user.id, tokenVersion: m.tokenVersion });
    return out;
  }

  /** Records whether a socket's tab is visible (the client's `presence` message). */
  setVisible(ws: HubSocket, visible: boolean) {
    const m = this.members.get(ws.id);
    if (!m || m.visible === visible) return;
    m.visible = visible;
    if (this.control) this.tell(m.user.id);
  }

  /** Whether a user has a tab on screen now (on any node): it shows their events itself, so they get no push. */
  hasVisibleSocket(userId: number): boolean {
    for (const m of this.byUser.get(userId) ?? []) if (m.visible) return true;
    return !!this.control && this.remote.visible(userId) > 0;
  }

  /** Replaces the user data of a user's sockets (queues changed): later frames are checked against it. */
  updateUser(user: SessionUser) {
    for (const m of this.byUser.get(user.id) ?? []) m.user = user;
  }

  /** Closes every socket of a user with a reason the SPA understands (their session ended). */
  closeUser(userId: number, reason = "session ended", code: number = CLOSE.sessionEnded) {
    if (this.control) {
      this.control.publish({ close: { userId, reason, code } });
      this.remote.dropUser(userId);
    }
    this.closeWhere([...(this.byUser.get(userId) ?? [])], reason, code);
  }

  /** Closes the sockets of one session (one browser) of a user; the user's other sessions stay. */
  closeSession(sessionId: string, reason = "session ended", code: number = CLOSE.sessionEnded) {
    if (this.control) {
      this.control.publish({ close: { sessionId, reason, code } });
      this.remote.dropSession(sessionId);
    }
    this.closeWhere(this.sessionMembers(sessionId), reason, code);
  }

  private sessionMembers(sessionId: string) {
    return [...this.members.values()].filter((m) => m.sessionId === sessionId);
  }

  /** Closes every socket of this node (they reconnect: the bus may have lost frames). */
  closeAll(reason: string, code: number) {
    this.closeWhere([...this.members.values()], reason, code);
  }

  private closeWhere(list: Member[], reason: string, code: number) {
    this.flush();
    for (const m of list) {
      this.remove(m.ws);
      try {
        m.ws.close(code, reason);
      } catch (e) {
        log.warn("socket close failed", { err: String(e) });
      }
    }
  }

  /** Sends one frame to every socket in any of the rooms, once per socket, on this node and (attached) every other. */
  publish(rooms: string | string[], frame: ServerFrame, opts: PublishOptions = {}) {
    const list = typeof rooms === "string" ? [rooms] : rooms;
    this.bus?.publish({ rooms: list, frame, ticket: opts.ticket, gone: opts.gone });
    this.deliver(list, frame, opts);
  }

  /** Delivers a frame to this node's sockets; the listeners (metrics, tests) hear only what this node published. */
  private deliver(list: string[], frame: ServerFrame, opts: PublishOptions, fromHere = true) {
    if (fromHere && this.listeners.size) {
      const unique = [...new Set(list)];
      for (const l of this.listeners) {
        try {
          l({ rooms: unique, frame, gone: opts.gone });
        } catch (e) {
          log.warn("hub listener failed", { err: String(e) });
        }
      }
    }
    if (!this.members.size) return;
    const seen = new Set<Member>();
    const sent = new Set<Member>();
    const t = opts.ticket;
    let data: string | undefined;
    for (const r of list) {
      for (const m of this.rooms.get(r) ?? []) {
        if (seen.has(m)) continue;
        seen.add(m);
        if (t && (m.user.companyId !== t.companyId || !canViewTicket(m.user, t))) continue;
        data ??= JSON.stringify(frame);
        this.sendTo(m, data);
        sent.add(m);
      }
    }
    if (!opts.gone) return;
    let goneData: string | undefined;
    for (const r of opts.gone.rooms) {
      for (const m of this.rooms.get(r) ?? []) {
        if (sent.has(m)) continue;
        sent.add(m);
        goneData ??= JSON.stringify(opts.gone.frame);
        this.sendTo(m, goneData);
      }
    }
  }

  /** Sends a frame to every open socket (the keep-alive ping). */
  broadcast(frame: ServerFrame) {
    const data = JSON.stringify(frame);
    for (const m of this.members.values()) this.sendTo(m, data);
  }

  /** Observes every published frame; returns an unsubscribe function. */
  listen(fn: (p: Published) => void) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private sendTo(m: Member, data: string) {
    m.outbox.push(data);
    if (m.outbox.length >= BATCH_MAX) return this.write(m);
    this.dirty.add(m);
    this.flushTimer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  /** Writes every waiting frame, one corked write per socket. */
  flush() {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    for (const m of this.dirty) this.write(m);
    this.dirty.clear();
  }

  private write(m: Member) {
    const frames = m.outbox;
    if (!frames.length) return;
    m.outbox = [];
    if (!this.members.has(m.ws.id)) return;
    const send = () => {
      for (const d of frames) m.ws.send(d);
    };
    try {
      if (m.ws.cork) m.ws.cork(send);
      else send();
    } catch (e) {
      log.warn("socket send failed", { err: String(e) });
    }
  }

  private dropFromRoom(room: string, m: Member) {
    const set = this.rooms.get(room);
    set?.delete(m);
    if (set?.size === 0) this.rooms.delete(room);
  }
}
