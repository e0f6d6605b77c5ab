/**
 * What the other nodes say of their sockets (several nodes): per user, how many sockets each node holds and how many
 * of their tabs are on screen. The hub adds it to its own count, so a user connected only through another node is
 * not shown offline when a tab closes here, and gets no Web Push while a tab of theirs is on screen elsewhere. Nodes
 * send a user's counts when they change and all their counts every SNAPSHOT_MS; a node's counts lapse after TTL_MS
 * without news (a node that died: its users' sockets reconnect to the others, which then speak for them).
 */

/** What crosses the bus between hubs besides frames: socket counts, and closes of a user's or a session's sockets. */
export type HubControl =
  | { presence: PresenceEntry[]; full?: boolean }
  | { close: { userId?: number; sessionId?: string; reason: string; code: number } }
  /** A node that just joined asks the others for their counts. */
  | { hello: true };

/** A user's sockets on one node: how many tabs are on screen, and the session of each socket ("" for none). */
export type PresenceEntry = [userId: number, visible: number, sessions: string[]];

export const SNAPSHOT_MS = 20_000;
export const TTL_MS = 3 * SNAPSHOT_MS;

interface Counts {
  visible: number;
  sessions: string[];
  until: number;
}

/** The other nodes' socket counts by user. */
export class RemotePresence {
  private readonly byUser = new Map<number, Map<string, Counts>>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Takes a node's counts; a full snapshot also forgets that node's users it no longer lists. */
  apply(from: string, entries: PresenceEntry[], full = false) {
    const until = this.now() + TTL_MS;
    const listed = new Set<number>();
    for (const [userId, visible, sessions] of entries) {
      listed.add(userId);
      const nodes = this.byUser.get(userId) ?? new Map<string, Counts>();
      if (sessions.length > 0) {
        nodes.set(from, { visible, sessions, until });
        this.byUser.set(userId, nodes);
      } else this.drop(userId, from);
    }
    if (!full) return;
    for (const [userId, nodes] of this.byUser) if (!listed.has(userId) && nodes.has(from)) this.drop(userId, from);
  }

  /** Sockets the other nodes hold for a user now. */
  sockets(userId: number): number {
    return this.sum(userId, (c) => c.sessions.length);
  }

  /** Tabs on screen the other nodes hold for a user now. */
  visible(userId: number): number {
    return this.sum(userId, (c) => c.visible);
  }

  /** A close of a user's sockets was sent to every node: they count no more (before the nodes confirm). */
  dropUser(userId: number) {
    this.byUser.delete(userId);
  }

  /** A close of one session's sockets was sent to every node: its sockets count no more. */
  dropSession(sessionId: string) {
    for (const [userId, nodes] of this.byUser)
      for (const [node, c] of nodes) {
        if (!c.sessions.includes(sessionId)) continue;
        c.sessions = c.sessions.filter((x) => x !== sessionId);
        // Which of them were on screen is not known: at most as many as are left.
        c.visible = Math.min(c.visible, c.sessions.length);
        if (!c.sessions.length) this.drop(userId, node);
      }
  }

  private sum(userId: number, pick: (c: Counts) => number) {
    const nodes = this.byUser.get(userId);
    if (!nodes) return 0;
    const now = this.now();
    let n = 0;
    for (const [node, c] of nodes) {
      if (c.until < now) this.drop(userId, node);
      else n += pick(c);
    }
    return n;
  }

  private drop(userId: number, node: string) {
    const nodes = this.byUser.get(userId);
    nodes?.delete(node);
    if (nodes?.size === 0) this.byUser.delete(userId);
  }
}
