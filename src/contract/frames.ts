/**
 * The realtime wire contract: every frame the server sends on `/ws` is one member of `ServerFrame`,
 * a union discriminated by `channel` (and `action`). Channel names are the reference product's (R-RT-1,
 * D14). The server builds frames through the typed `Hub.publish`; the SPA narrows on
 * `channel`/`action` (see `FrameOf`) and never casts a payload.
 */
import type { CampaignDto, CampaignSettingDto } from "./dto/campaigns";
import type { AnnouncementDto } from "./dto/announcements";
import type { ChatDto, ChatMessageDto } from "./dto/chats";
import type { ConnectionDto, SessionStateDto } from "./dto/connections";
import type { ContactListDto, ContactListItemDto } from "./dto/contactLists";
import type { ContactDto } from "./dto/contacts";
import type { FileListDto } from "./dto/files";
import type { IntegrationTestDto, QueueIntegrationDto } from "./dto/integrations";
import type { PromptDto } from "./dto/prompts";
import type { MessageDto } from "./dto/messages";
import type { NotificationDto } from "./dto/notifications";
import type { QueueDto } from "./dto/queues";
import type { ScheduleDto } from "./dto/schedules";
import type { QuickMessageDto } from "./dto/quick-messages";
import type { SandboxMessageDto } from "./dto/sandbox";
import type { SettingDto } from "./dto/settings";
import type { TagDto } from "./dto/tags";
import type { TicketContact, TicketDto } from "./dto/tickets";
import type { TodoDto } from "./dto/todos";
import type { UserDto } from "./dto/users";

export type ServerFrame =
  /** Sent when a socket opens; `t` is the server's clock (the app's catch-up after a reconnect starts from it). */
  | { channel: "ready"; userId: number; t: number }
  | { channel: "ping"; t: number }
  /** The same account signed in elsewhere (R-AUTH-3); tokenVersion tells another tab of this browser apart. */
  | { channel: "auth"; action: "update"; user: { id: number; email: string; companyId: number }; tokenVersion: number }
  | { channel: "user"; action: "create" | "update"; user: UserDto }
  | { channel: "user"; action: "delete"; userId: number }
  /** A user of the company came online or went offline (dashboard attendants, users list). */
  | { channel: "presence"; userId: number; online: boolean }
  | { channel: "ticket"; action: "update"; ticket: TicketDto }
  | { channel: "ticket"; action: "delete"; ticketId: number }
  | { channel: "ticket"; action: "updateUnread"; ticketId: number }
  /** A new message with its ticket: the list, the open chat and the bell update from this one frame. */
  | { channel: "appMessage"; action: "create"; message: MessageDto; ticket: TicketDto; contact: TicketContact }
  | { channel: "appMessage"; action: "update"; message: MessageDto }
  | { channel: "contact"; action: "create" | "update"; contact: ContactDto }
  | { channel: "contact"; action: "delete"; contactId: number }
  | { channel: "contact"; action: "reload" }
  | { channel: "whatsapp"; action: "update"; whatsapp: ConnectionDto }
  | { channel: "whatsapp"; action: "delete"; whatsappId: number }
  | { channel: "whatsappSession"; action: "update"; session: SessionStateDto }
  | { channel: "queue"; action: "update"; queue: QueueDto }
  | { channel: "queue"; action: "delete"; queueId: number }
  | { channel: "tag"; action: "create" | "update"; tag: TagDto }
  | { channel: "tag"; action: "delete"; tagId: number }
  | { channel: "quickMessage"; action: "create" | "update"; record: QuickMessageDto }
  | { channel: "quickMessage"; action: "delete"; id: number }
  | { channel: "file"; action: "create" | "update"; files: FileListDto }
  | { channel: "file"; action: "delete"; fileId: number }
  | { channel: "queueIntegration"; action: "create" | "update"; queueIntegration: QueueIntegrationDto }
  | { channel: "queueIntegration"; action: "delete"; integrationId: number }
  | { channel: "queueIntegration"; action: "testSession"; response: IntegrationTestDto }
  | { channel: "prompt"; action: "update"; prompt: PromptDto }
  | { channel: "prompt"; action: "delete"; promptId: number }
  | { channel: "schedule"; action: "create" | "update"; schedule: ScheduleDto }
  | { channel: "schedule"; action: "delete"; scheduleId: number }
  /** Internal chat frames go only to the members' user rooms. */
  | { channel: "chat"; action: "create" | "update"; chat: ChatDto }
  | { channel: "chat"; action: "delete"; chatId: number }
  | { channel: "chat"; action: "new-message"; message: ChatMessageDto; chat: ChatDto }
  /** Announcements go to every signed-in socket of every company. */
  | { channel: "announcement"; action: "create" | "update"; record: AnnouncementDto }
  | { channel: "announcement"; action: "delete"; id: number }
  | { channel: "settings"; action: "update"; setting: SettingDto }
  /** An alert for the user's open tabs (their user room): the kind's sound, decided by the notifier. */
  | { channel: "notification"; action: "create"; notification: NotificationDto }
  /** To-do frames go only to their owner's user room (the user's other tabs and devices). */
  | { channel: "todo"; action: "create" | "update"; todo: TodoDto }
  | { channel: "todo"; action: "delete"; id: number }
  /** Tasks moved from a browser's local storage: reload the list. */
  | { channel: "todo"; action: "reload" }
  /** An invoice was paid: the company's new due date (R-BILL-9). */
  | { channel: "payment"; action: "CONCLUIDA"; company: { id: number; dueDate: string } }
  | { channel: "sandbox"; action: "create" | "update"; connectionId: number; message: SandboxMessageDto }
  /** Campaign frames go to the company's campaign managers only (rooms.campaigns). */
  | { channel: "campaign"; action: "create" | "update"; record: CampaignDto }
  | { channel: "campaign"; action: "delete"; id: number }
  | { channel: "campaignSettings"; action: "update"; settings: CampaignSettingDto[] }
  | { channel: "ContactList"; action: "create" | "update"; record: ContactListDto }
  | { channel: "ContactList"; action: "delete"; id: number }
  | { channel: "ContactListItem"; action: "create" | "update"; record: ContactListItemDto }
  | { channel: "ContactListItem"; action: "delete"; id: number; contactListId: number }
  /** The spec's ContactListItem-{listId} reload (after an import or a validity check). */
  | { channel: "ContactListItem"; action: "reload"; contactListId: number };

/** Channel names of the frames. */
export type Channel = ServerFrame["channel"];

/** The frames of one channel, for handlers that narrow further on `action`. */
export type FrameOf<C extends Channel> = Extract<ServerFrame, { channel: C }>;

/** A frame of one channel without its `channel` field (for a module's own publish helper). */
export type FramePayload<C extends Channel> = FrameOf<C> extends infer F ? (F extends unknown ? Omit<F, "channel"> : never) : never;

/** Messages a client may send on the socket. */
export type ClientMessage =
  | { type: "joinChatBox"; ticketId: number | string }
  | { type: "leaveChatBox"; ticketId: number | string }
  | { type: "joinTickets"; status: string }
  | { type: "leaveTickets"; status: string }
  | { type: "joinNotification" }
  | { type: "leaveNotification" }
  | { type: "userStatus" }
  /** Whether this tab is visible: a user with a visible tab gets no push (the tab shows the event). */
  | { type: "presence"; visible: boolean }
  | { type: "joinSandbox"; connectionId: number | string }
  | { type: "leaveSandbox"; connectionId: number | string }
  | { type: "pong" };

/** WebSocket close codes the SPA understands (web/src/realtime/socket.ts). */
export const CLOSE = {
  /** The session ended (logout, password change, deletion, demotion, company blocked): go to /login. */
  sessionEnded: 4401,
  /** Frames between nodes may have been lost (the realtime bus's gap): reconnect, and catch up from the last frame. */
  catchUp: 4409,
} as const;
