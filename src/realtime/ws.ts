import { eq } from "drizzle-orm";
import { Elysia } from "elysia";
import type { ClientMessage } from "../contract/events";
import { can } from "../contract/permissions";
import type { Deps, SessionUser } from "../http/context";
import { type AccessClaims, verifyToken } from "../http/tokens";
import { nowIso } from "../lib/dates";
import { loadSessionUser } from "../modules/users/queries";
import { users } from "../modules/users/schema";
import { findConnection } from "../modules/connections/queries";
import { canViewTicket } from "../modules/tickets/policy";
import { findTicketRow } from "../modules/tickets/queries";
import { rooms } from "./topics";

export const PING_TOPIC = "all-ping";
const TICKET_STATUSES = new Set(["open", "pending", "closed"]);

interface SocketLike {
  subscribe(topic: string): void;
  unsubscribe(topic: string): void;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  id: string;
}

const sessions = new Map<string, SessionUser>();
const onlineCount = new Map<number, number>();

function setOnline(deps: Deps, userId: number, online: boolean) {
  deps.db.update(users).set({ online, lastSeenAt: nowIso() }).where(eq(users.id, userId)).run();
}

/**
 * Queue rooms of an agent: their queues' pending lists plus queue-less pending tickets (visible to
 * everyone); notifications of queue-less tickets only with allTicket "enable".
 */
function queueRooms(u: SessionUser, kind: "open" | "pending" | "closed" | "notification") {
  const ids: (number | null)[] = [...u.queueIds];
  if (kind !== "notification" || u.allTicket === "enable") ids.push(null);
  return ids.map((q) => (kind === "notification" ? rooms.queueNotification(u.companyId, q) : rooms.queueStatus(u.companyId, q, kind)));
}

/** Applies one client message (joinTickets, joinChatBox, …) to the socket's subscriptions. */
export function handleClientMessage(deps: Deps, ws: SocketLike, u: SessionUser, msg: ClientMessage) {
  const admin = u.profile === "admin";
  switch (msg.type) {
    case "joinChatBox":
    case "leaveChatBox": {
      const id = Number(msg.ticketId);
      if (!Number.isInteger(id) || id < 1) return;
      if (msg.type === "leaveChatBox") ws.unsubscribe(rooms.ticket(id));
      else {
        const t = findTicketRow(deps.db, u.companyId, id);
        if (t && canViewTicket(u, t)) ws.subscribe(rooms.ticket(id));
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
      for (const r of list) msg.type === "joinTickets" ? ws.subscribe(r) : ws.unsubscribe(r);
      return;
    }
    case "joinNotification":
    case "leaveNotification": {
      const list = admin ? [rooms.notification(u.companyId)] : queueRooms(u, "notification");
      for (const r of list) msg.type === "joinNotification" ? ws.subscribe(r) : ws.unsubscribe(r);
      return;
    }
    case "userStatus":
      setOnline(deps, u.id, true);
      return;
    case "joinSandbox":
    case "leaveSandbox": {
      // the sandbox phone page of a connection of the user's company
      const id = Number(msg.connectionId);
      if (!Number.isInteger(id) || id < 1) return;
      if (msg.type === "leaveSandbox") ws.unsubscribe(rooms.sandbox(id));
      else if (findConnection(deps.db, u.companyId, id)) ws.subscribe(rooms.sandbox(id));
      return;
    }
    default:
      return;
  }
}

/**
 * The realtime socket `/ws?token=…`: authenticates the access token on upgrade, joins the company's
 * main room and the user's room, then follows the client's join/leave messages.
 */
export const wsRoutes = (deps: Deps) =>
  new Elysia().ws("/ws", {
    idleTimeout: 60,
    async beforeHandle({ query, set }) {
      const token = typeof query.token === "string" ? query.token : "";
      const claims = token ? await verifyToken<AccessClaims>(deps.config.jwtSecret, token) : null;
      const found = claims ? loadSessionUser(deps.db, claims.id) : null;
      if (!claims || !found || found.tokenVersion !== claims.tv) {
        set.status = 401;
        return { error: "ERR_SESSION_EXPIRED" };
      }
    },
    async open(ws) {
      const token = String((ws.data.query as Record<string, string>).token ?? "");
      const claims = await verifyToken<AccessClaims>(deps.config.jwtSecret, token);
      const found = claims ? loadSessionUser(deps.db, claims.id) : null;
      if (!found) return ws.close(4401, "unauthorized");
      const u = found.user;
      sessions.set(ws.id, u);
      ws.subscribe(rooms.main(u.companyId));
      ws.subscribe(rooms.user(u.id));
      ws.subscribe(PING_TOPIC);
      onlineCount.set(u.id, (onlineCount.get(u.id) ?? 0) + 1);
      setOnline(deps, u.id, true);
      ws.send(JSON.stringify({ channel: "ready", userId: u.id }));
    },
    message(ws, raw) {
      const u = sessions.get(ws.id);
      if (!u) return;
      let msg: unknown = raw;
      if (typeof raw === "string") {
        try {
          msg = JSON.parse(raw);
        } catch {
          return;
        }
      }
      if (!msg || typeof msg !== "object" || typeof (msg as { type?: unknown }).type !== "string") return;
      handleClientMessage(deps, ws as unknown as SocketLike, u, msg as ClientMessage);
    },
    close(ws) {
      const u = sessions.get(ws.id);
      sessions.delete(ws.id);
      if (!u) return;
      const n = (onlineCount.get(u.id) ?? 1) - 1;
      if (n <= 0) {
        onlineCount.delete(u.id);
        setOnline(deps, u.id, false);
      } else onlineCount.set(u.id, n);
    },
  });
