/**
 * The channel layer's contract. A channel (Baileys/WhatsApp, the sandbox phone, a test fake) turns a
 * transport into these events and implements the send calls. Nothing outside `channels/` imports
 * Baileys: the inbound path (`src/inbound/`) and the modules only see these types.
 */

/** Session states of a connection (R-CONN-4). */
export type SessionStatus = "qrcode" | "PAIRING" | "OPENING" | "CONNECTED" | "TIMEOUT" | "DISCONNECTED";

/** Who a message is from / to. `id` is the channel address (a phone-number JID, a LID, a group id). */
export interface Peer {
  /** Digits of the phone number when known (E.164 without +). */
  number: string | null;
  /** Alternate identity (WhatsApp LID) kept as an alias of the contact. */
  lid?: string | null;
  /** The raw address replies must go to (e.g. "5511999998888@s.whatsapp.net" or "1234@lid"). */
  address: string;
  pushName?: string | null;
}

export type InboundKind = "text" | "image" | "audio" | "video" | "document" | "sticker" | "location" | "vcard" | "reaction" | "call_log" | "unsupported";

export interface InboundMedia {
  mimetype: string;
  fileName?: string | null;
  /** Lazily downloads the bytes (media is fetched by the pipeline, outside any transaction). */
  download(): Promise<Uint8Array>;
  /** True for a voice note. */
  ptt?: boolean;
}

/** A message received (or sent from the phone itself: fromMe) on a connection. */
export interface InboundMessage {
  /** Channel message id (WhatsApp key id): unique per connection. */
  id: string;
  fromMe: boolean;
  /** The chat peer (for groups: the group; the author is `participant`). */
  chat: Peer;
  isGroup: boolean;
  groupSubject?: string | null;
  participant?: Peer | null;
  kind: InboundKind;
  body: string;
  media?: InboundMedia | null;
  location?: { latitude: number; longitude: number; name?: string | null; address?: string | null } | null;
  vcard?: string | null;
  quotedId?: string | null;
  /**
   * The customer tapped a button or a list row of a menu we sent: `id` is the choice's id (what they
   * would have typed: the option number, "0", "#"), `title` what they saw. The body holds the title.
   */
  reply?: { id: string; title: string } | null;
  /** epoch ms */
  timestamp: number;
  /** "notify" = live, "append" = offline backlog or history; both are ingested (deduplicated). */
  origin: "notify" | "append";
  /** Raw transport payload kept for quoting and retries (JSON-serialisable). */
  raw?: unknown;
}

export interface AckEvent {
  id: string;
  /** 0 error, 1 pending, 2 server, 3 delivered, 4 read, 5 played */
  ack: number;
  /**
   * Our reserved id of the message, when the channel assigns its own id on send (Cloud API) and its
   * status may arrive before the send's answer: the message is then found by it and takes `id`.
   */
  alias?: string;
  /** The message failed on the way (an error code): it is marked failed with this reason. */
  error?: string;
}

export interface EditEvent {
  id: string;
  body: string;
}

export interface CallEvent {
  id: string;
  from: Peer;
  isVideo: boolean;
  status: "offer" | "ringing" | "timeout" | "reject" | "accept" | "terminate";
}

/** A chunk of the recent history WhatsApp sends a newly linked device (history sync). */
export interface HistoryBatch {
  messages: InboundMessage[];
  /** 0-100 when the channel reports it. */
  progress: number | null;
  /** The last chunk of the sync the channel knows of. */
  isLatest: boolean;
}

/** What a channel tells the registry. */
export interface ChannelEvents {
  /**
   * `reason`: why the session closed (a code of src/contract/close-reasons.ts); `planned` on OPENING:
   * a reopen the transport itself requires as part of linking (not a drop, so not a reconnect).
   */
  onStatus(status: SessionStatus, info?: { qrcode?: string; pairingCode?: string; retries?: number; reason?: string; planned?: boolean }): unknown;
  onMessages(messages: InboundMessage[]): void | Promise<void>;
  /**
   * For transports that must answer their sender quickly (webhooks): resolves once every message is
   * stored (or spooled); the answers (bot, campaign replies) follow in the background, in order.
   * Rejects when a message could be neither stored nor spooled.
   */
  ingest?(messages: InboundMessage[]): Promise<void>;
  onAck(acks: AckEvent[]): unknown;
  onEdit(edit: EditEvent): unknown;
  onRevoke(id: string): unknown;
  onCall(call: CallEvent): unknown;
  /** A LID ↔ phone-number mapping learned by the channel (contacts merge on it). */
  onIdentity?(map: { lid: string; number: string }): unknown;
  /** Recent history after linking (never live traffic: the chatbot must not see it). */
  onHistory?(batch: HistoryBatch): void | Promise<void>;
}

/** What a phone shows of a media message before downloading it, and how a voice note plays. */
export interface MediaInfo {
  /** Small JPEG preview (images and videos). */
  jpegThumbnail?: Uint8Array;
  width?: number;
  height?: number;
  /** Whole seconds (audio and video). */
  seconds?: number;
  /** Voice notes: 64 loudness samples, 0-100. */
  waveform?: Uint8Array;
  /** Documents (PDF): number of pages, when it could be read. */
  pageCount?: number;
  /** Stickers: animated webp. */
  animated?: boolean;
}

export interface OutgoingBase {
  /** Destination address (Peer.address of the contact). */
  to: string;
  /** Our message id, reserved before sending (durable outbox). */
  id?: string;
  quoted?: { id: string; fromMe: boolean; raw?: unknown; body?: string } | null;
}
/**
 * A chatbot menu. Channels with buttons show `items` as buttons or a list; the others send the
 * message's body, the same menu as numbered text. Either way the answer is the item's `id`.
 */
export interface MenuSpec {
  /** The text above the choices (greeting, option message). */
  text: string;
  /** The choices: `id` is what the customer would type (the option number, "0", "#"). */
  items: { id: string; title: string }[];
}

/** A message template with its variable values (Cloud API connections). */
export interface OutgoingTemplate {
  name: string;
  language: string;
  /** Values in the order of the template's variables (header first, then body). */
  params: string[];
}

export type Outgoing =
  | (OutgoingBase & { type: "text"; body: string; menu?: MenuSpec })
  /** Channels without templates send `body` (the template's text) as a plain text. */
  | (OutgoingBase & { type: "template"; body: string; template: OutgoingTemplate })
  | (OutgoingBase & { type: "reaction"; emoji: string; target: { id: string; fromMe: boolean; raw?: unknown } })
  | (OutgoingBase & {
      type: "media";
      /** The file on this machine for the send (the file store's local copy, removed after the send). */
      path: string;
      /** Its key in the file store (`<companyId>/<area>/<name>`), when it is a stored file. */
      mediaPath?: string;
      mimetype: string;
      fileName: string;
      caption?: string;
      /** Send audio as a voice note (only Ogg/Opus audio goes out as one). */
      ptt?: boolean;
      /** Preview and facts probed before sending (thumbnail, dimensions, duration, waveform, pages). */
      info?: MediaInfo;
    })
  | (OutgoingBase & { type: "location"; latitude: number; longitude: number; name?: string; address?: string })
  | (OutgoingBase & { type: "contact"; displayName: string; vcard: string });

export interface SendResult {
  id: string;
  /** Initial ack (1 = pending/sent). */
  ack: number;
  raw?: unknown;
}

/** How a start was requested (all optional: a plain start resumes from stored credentials). */
export interface StartOptions {
  /** Link by phone number: a pairing code is requested instead of showing QR codes. Digits only. */
  pairingNumber?: string;
  /** Discard stored credentials first (the "new QR" action). */
  fresh?: boolean;
  /** Start even while the conflict breaker is open (an explicit user decision). */
  force?: boolean;
}

/** One connection's live transport. */
export interface ChannelAdapter {
  readonly kind: string;
  /** Current session state (the last one reported through `onStatus`). */
  readonly status?: SessionStatus;
  start(opts?: StartOptions): Promise<void>;
  stop(): Promise<void>;
  logout(): Promise<void>;
  send(msg: Outgoing): Promise<SendResult>;
  deleteForEveryone(target: { id: string; to: string; fromMe: boolean }): Promise<void>;
  markRead(target: { id: string; to: string; fromMe: boolean }[]): Promise<void>;
  /** The canonical number when it exists on the channel, else null. */
  checkNumber(number: string): Promise<{ exists: boolean; number: string; address: string } | null>;
  profilePicture(address: string): Promise<string | null>;
  /** Request a pairing code instead of a QR (phone-number linking). */
  requestPairingCode?(number: string): Promise<string>;
  /** Shows "typing…" in the customer's chat (composing) or stops it (paused); channels without it skip. */
  sendPresence?(to: string, state: "composing" | "paused"): Promise<void>;
}

/** Builds an adapter for a connection. */
export type ChannelFactory = (opts: {
  connectionId: number;
  companyId: number;
  events: ChannelEvents;
  /**
   * Returns the `raw` payload stored for a message id of this connection (InboundMessage.raw or
   * SendResult.raw), so the transport can re-send or decrypt retries. Undefined when unknown.
   */
  loadRaw?: (messageId: string) => Promise<unknown> | unknown;
}) => ChannelAdapter;

/**
 * A kind of channel as the connection supervisor (`inbound/supervisor.ts`) sees it, handed over by the
 * composition root: how its adapters are built and what its stored state says about a connection.
 */
export interface ChannelKind {
  /** Builds adapters (absent: connections of this kind cannot start here, e.g. WhatsApp in tests). */
  factory?: ChannelFactory;
  /** Whether a connection of this kind resumes at boot (default: unless it is DISCONNECTED). */
  resumes?(c: { id: number; status: string; closeReason: string | null }): boolean | Promise<boolean>;
  /** Deletes a connection's stored credentials and keys. */
  removeAuth?(connectionId: number): unknown;
  /**
   * Several nodes: a connection of this kind runs on one node at a time, under a lease (its session holds
   * credentials that two nodes would corrupt). Kinds without it (sandbox, Cloud API) run on every node.
   */
  leased?: boolean;
}

/**
 * Channel addresses use WhatsApp's JID convention for every channel (the sandbox phone too):
 * `<digits>@s.whatsapp.net` for people with a known number, `<lid>@lid` for people known only by
 * their linked identity, `<id>@g.us` for groups.
 */
export function addressOf(c: { number: string | null; lid?: string | null; isGroup?: boolean | null }): string {
  const lid = c.lid ? c.lid.replace(/@lid$/, "") : null;
  if (c.isGroup) return `${c.number}@g.us`;
  if (c.number && !c.number.startsWith("lid:")) return `${c.number}@s.whatsapp.net`;
  if (lid) return `${lid}@lid`;
  throw new Error("contact has no address");
}

/** Digits of a phone-number address, or null for LIDs and groups. */
export function numberOf(address: string): string | null {
  const m = /^(\d+)(?::\d+)?@s\.whatsapp\.net$/.exec(address);
  return m ? m[1] : null;
}

/** Location body exactly as R-MSG-11 (image | link | description). */
export function locationBody(lat: number, lng: number, thumbnail?: Uint8Array | string | null): string {
  const b64 = !thumbnail ? "" : typeof thumbnail === "string" ? thumbnail : Buffer.from(thumbnail).toString("base64");
  const image = b64 ? `data:image/png;base64, ${b64}` : "";
  return `${image} | https://maps.google.com/maps?q=${lat}%2C${lng}&z=17&hl=pt-BR|${lat}, ${lng}`;
}

/** The number check of a channel that cannot look numbers up: any number is taken, and WhatsApp answers on the send. */
export function anyNumber(number: string) {
  const digits = number.replace(/\D/g, "");
  if (!digits) return null;
  return { exists: true, number: digits, address: addressOf({ number: digits }) };
}
