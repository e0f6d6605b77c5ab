import { Elysia } from "elysia";
import type { ClientMessage } from "../../contract/frames";
import { can } from "../../contract/permissions";
import type { Deps } from "../../core/deps";
import type { SessionUser } from "../../core/user";
import { type AccessClaims, verifyToken } from "../../modules/auth";
import { findConnection } from "../../modules/connections";
import { canViewEveryTicket, canViewTicket } from "../../modules/tickets";
import { findTicketRow } from "../../modules/tickets";
import { setUserOnline } from "../../modules/users";
import { loadSessionUser } from "../../modules/users";
import { accessSessionLive } from "../../modules/auth";
import type { HubSocket } from "../../core/hub";
import { rooms } from "../../contract/rooms";
import { log } from "../../lib/logger";

const TICKET_STATUSES = new Set(["open", "pending", "closed"]);

/**
 * Queue rooms of an agent: their queues' pending lists plus queue-less pending tickets (visible to
 * everyone); notifications of queue-less tickets only with allTicket "enable".
 */
function queueRooms(u: SessionUser, kind: "open" | "pending" | "closed" | "notification") {
  const ids: (number | null)[] = [...u.queueIds];
  if (kind !== "notification" || u.allTicket === "enable") ids.push(null);
  return ids.map((q) => (kind === "notification" ? rooms.queueNotification(u.companyId, q) : rooms.queueStatus(u.companyId, q, kind)));
}

/** Applies one client message (joinTickets, joinChatBox, …) to the socket's rooms in the hub. */
export async function handleClientMessage(deps: Deps, ws: HubSocket, u: SessionUser, msg: ClientMessage) {
  const { hub } = deps;
  const admin = canViewEveryTicket(u);
  switch (msg.type) {
    case "joinChatBox":
    case "leaveChatBox": {
      const id = Number(msg.ticketId);
      if (!Number.isInteger(id) || id < 1) return;
      if (msg.type === "leaveChatBox") hub.leave(ws, rooms.ticket(id));
      else {
        const t = await findTicketRow(deps.db, u.companyId, id);
        if (t && canViewTicket(u, t)) hub.join(ws, rooms.ticket(id));
      }
      return;
    }
    case "joinTickets":
    case "leaveTickets": {
      if (!TICKET_STATUSES.has(msg.status)) return;
      // Agents follow their queues' waiting lists (their own tickets come through their user room);
      // roles with "show all" (supervisors) follow every list of their queues.
      const status = msg.status as "open" | "pending" | "closed";
      const list = admin ? [rooms.status(u.companyId, status)] : status === "pending" || can(u, "tickets-manager:showall") ? queueRooms(u, status) : [];
      for (const r of list) msg.type === "joinTickets" ? hub.join(ws, r) : hub.leave(ws, r);
      return;
    }
    case "joinNotification":
    case "leaveNotification": {
      const list = admin ? [rooms.notification(u.companyId)] : queueRooms(u, "notification");
      for (const r of list) msg.type === "joinNotification" ? hub.join(ws, r) : hub.leave(ws, r);
      return;
    }
    case "userStatus":
      await setUserOnline(deps, u, true);
      return;
    case "presence":
      hub.setVisible(ws, msg.visible === true);
      return;
    case "joinSandbox":
    case "leaveSandbox": {
      // the sandbox phone page of a connection of the user's company
      const id = Number(msg.connectionId);
      if (!Number.isInteger(id) || id < 1) return;
      if (msg.type === "leaveSandbox") hub.leave(ws, rooms.sandbox(id));
      // the phone shows every conversation of its connection: only for users who see every ticket
      else if (canViewEveryTicket(u) && (await findConnection(deps.db, u.companyId, id))) hub.join(ws, rooms.sandbox(id));
      return;
    }
    default:
      return;
  }
}

/** Parses a client message; anything else is ignored. */
function parseClientMessage(raw: unknown): ClientMessage | null {
  let msg: unknown = raw;
  if (typeof raw === "string") {
    try {
      msg = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (!msg || typeof msg !== "object" || typeof (msg as { type?: unknown }).type !== "string") return null;
  return msg as ClientMessage;
}

/** The signed-in user of an access token, or null (bad, expired or superseded token, or its session ended). */
async function userOfToken(deps: Deps, token: string): Promise<{ user: SessionUser; tokenVersion: number; sessionId: string } | null> {
  const claims = token ? await verifyToken<AccessClaims>(deps.config.jwtSecret, token) : null;
  if (!claims || typeof claims.sid !== "string") return null;
  const found = await loadSessionUser(deps.db, claims.id);
  return found && found.tokenVersion === claims.tv && (await accessSessionLive(deps, found.user.companyId, claims.sid, claims.id))
    ? { user: found.user, tokenVersion: found.tokenVersion, sessionId: claims.sid }
    : null;
}

/** What opening a socket uses of Elysia's socket. */
interface OpeningSocket {
  id: string;
  raw: unknown;
  data: { query: unknown };
  send(data: string): unknown;
  close(code?: number, reason?: string): unknown;
}

/**
 * The realtime socket `/ws?token=…`: authenticates the access token on upgrade, registers the socket
 * with the hub in the company's main room and the user's room, then follows the client's join/leave
 * messages. Delivery (once per socket, visibility per recipient) is the hub's job.
 */
export const wsRoutes = (deps: Deps) => {
  const handles = new Map<string, HubSocket>();
  // A socket's open reads the database (its session) before the hub knows it; the client sends its joins as soon
  // as it is connected, so messages and the close wait for the open to end (else, on PostgreSQL, they found no
  // handle and the joins were lost).
  const opening = new Map<string, Promise<void>>();
  /** Per socket, the last of its messages being handled (each waits for the one before). */
  const handling = new Map<string, Promise<void>>();
  return new Elysia().ws("/ws", {
    idleTimeout: 60,
    async beforeHandle({ query, set }) {
      if (!(await userOfToken(deps, typeof query.token === "string" ? query.token : ""))) {
        set.status = 401;
        return { error: "ERR_SESSION_EXPIRED" };
      }
    },
    async open(ws) {
      const opened = openSocket(ws);
      opening.set(ws.id, opened);
      try {
        await opened;
      } finally {
        opening.delete(ws.id);
      }
    },
    message(ws, raw) {
      // One after the other, in the order sent: a join that reads the database must not land after the leave the
      // client sent next (switching tickets quickly would leave the socket in the old ticket's room).
      const previous = handling.get(ws.id) ?? opening.get(ws.id) ?? Promise.resolve();
      const next = previous
        .catch(() => {})
        .then(async () => {
          const socket = handles.get(ws.id);
          const u = socket && deps.hub.userOf(socket);
          const msg = parseClientMessage(raw);
          if (socket && u && msg) await handleClientMessage(deps, socket, u, msg);
        });
      handling.set(ws.id, next);
      const forget = () => {
        if (handling.get(ws.id) === next) handling.delete(ws.id);
      };
      return next.then(forget, (e) => {
        forget();
        log.warn("socket message failed", { err: String(e) });
      });
    },
    async close(ws) {
      await opening.get(ws.id)?.catch(() => {});
      await handling.get(ws.id)?.catch(() => {});
      const socket = handles.get(ws.id);
      handles.delete(ws.id);
      if (!socket) return;
      const u = deps.hub.userOf(socket);
      deps.hub.remove(socket);
      if (u && deps.hub.socketCount(u.id) === 0) await setUserOnline(deps, u, false);
    },
  });

  /** Authenticates a new socket, registers it with the hub in its rooms and says it is ready. */
  async function openSocket(ws: OpeningSocket): Promise<void> {
    const session = await userOfToken(deps, String((ws.data.query as Record<string, string>).token ?? ""));
    if (!session) {
      ws.close(4401, "unauthorized");
      return;
    }
    const u = session.user;
    // The hub keeps one handle per socket: Elysia's id plus the raw socket's cork for batched writes.
    const raw = ws.raw as { cork?: (fn: () => void) => unknown };
    const socket: HubSocket = {
      id: ws.id,
      send: (d) => ws.send(d),
      close: (code, reason) => ws.close(code, reason),
      cork: raw.cork ? (fn) => raw.cork?.(fn) : undefined,
    };
    handles.set(ws.id, socket);
    deps.hub.add(socket, u, session.tokenVersion, session.sessionId);
    deps.hub.join(socket, rooms.main(u.companyId));
    deps.hub.join(socket, rooms.user(u.id));
    if (can(u, "campaigns:manage")) deps.hub.join(socket, rooms.campaigns(u.companyId));
    await setUserOnline(deps, u, true, true);
    ws.send(JSON.stringify({ channel: "ready", userId: u.id, t: Date.now() }));
  }
};
