/**
 * The realtime hub as the rest of the system sees it (the implementation is `realtime/hub.ts`):
 * services publish frames to rooms after their transaction commits; sign-out paths close sockets.
 */
import type { ServerFrame } from "../contract/frames";
import type { SessionUser } from "./user";

/** What the hub needs of a live socket (Bun's ServerWebSocket, or a fake in tests). */
export interface HubSocket {
  readonly id: string;
  send(data: string): unknown;
  close(code?: number, reason?: string): void;
  /** Batches the sends made inside `fn` into one write (Bun's ServerWebSocket.cork). */
  cork?(fn: () => void): unknown;
}

/** A ticket's place, for the per-recipient visibility check of frames that carry its content. */
export interface FrameTicket {
  companyId: number;
  status: string;
  userId: number | null;
  queueId: number | null;
}

/** What `publish` says about a frame beyond its rooms. */
export interface PublishOptions {
  /** The frame shows a conversation: only sockets whose user may see this ticket receive it (R-PERM-3). */
  ticket?: FrameTicket;
  /**
   * The thing moved out of these rooms (a ticket changed status, queue or owner): their sockets that
   * did not receive the frame get `frame` instead (a delete), so every socket gets one frame at most.
   */
  gone?: { rooms: string[]; frame: ServerFrame };
}

/** A published frame, as listeners (metrics, tests) see it. */
export interface Published {
  rooms: string[];
  frame: ServerFrame;
  /** Rooms that got a delete instead (the thing moved away from them). */
  gone?: { rooms: string[]; frame: ServerFrame };
}

/** Room membership of every socket and delivery of each frame at most once per socket. */
export interface Hub {
  add(ws: HubSocket, user: SessionUser, tokenVersion?: number, sessionId?: string): void;
  remove(ws: HubSocket): void;
  userOf(ws: HubSocket): SessionUser | undefined;
  join(ws: HubSocket, room: string): void;
  leave(ws: HubSocket, room: string): void;
  roomsOf(ws: HubSocket): string[];
  /** Open sockets (of one user, or all). */
  socketCount(userId?: number): number;
  /** The users and token versions of every open socket. */
  openSessions(): { userId: number; tokenVersion: number }[];
  setVisible(ws: HubSocket, visible: boolean): void;
  /** Whether one of the user's tabs is on screen. */
  hasVisibleSocket(userId: number): boolean;
  /** Replaces the user held by the user's sockets (queues or profile changed). */
  updateUser(user: SessionUser): void;
  /** Closes every socket of a user (with the close code the SPA reads). */
  closeUser(userId: number, reason?: string, code?: number): void;
  /** Closes the sockets opened by one session family. */
  closeSession(sessionId: string, reason?: string, code?: number): void;
  /** Delivers a frame to the sockets of the rooms (after commit). */
  publish(rooms: string | string[], frame: ServerFrame, opts?: PublishOptions): void;
  /** Delivers a frame to every socket. */
  broadcast(frame: ServerFrame): void;
  /** Calls `fn` with every published frame (metrics, tests); answers the unsubscribe. */
  listen(fn: (p: Published) => void): () => void;
  /** Writes every batched frame now. */
  flush(): void;
}
