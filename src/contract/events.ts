/**
 * Realtime catalogue: frames are JSON `{ channel, action, ...payload }` on the `/ws` socket.
 * Channel names are the spec's (core.md §7, features.md §7).
 */
export const CHANNELS = [
  "auth",
  "user",
  "ticket",
  "appMessage",
  "contact",
  "whatsapp",
  "whatsappSession",
  "queue",
  "tag",
  "quickMessage",
  "settings",
  "chat",
  "announcement",
  "campaign",
  "payment",
  "ready",
  "ping",
  "sandbox",
] as const;
export type Channel = (typeof CHANNELS)[number];

/** Messages a client may send on the socket. */
export type ClientMessage =
  | { type: "joinChatBox"; ticketId: number | string }
  | { type: "leaveChatBox"; ticketId: number | string }
  | { type: "joinTickets"; status: string }
  | { type: "leaveTickets"; status: string }
  | { type: "joinNotification" }
  | { type: "leaveNotification" }
  | { type: "userStatus" }
  | { type: "joinSandbox"; connectionId: number | string }
  | { type: "leaveSandbox"; connectionId: number | string }
  | { type: "pong" };

export interface ServerFrame {
  channel: Channel;
  action?: string;
  [key: string]: unknown;
}
