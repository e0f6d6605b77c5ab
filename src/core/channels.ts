/**
 * What the rest of the system asks of two channels beyond sending and receiving (implemented in
 * `channels/cloudapi/service.ts` and `channels/sandbox/service.ts`, wired by the composition root):
 * the Cloud API's credentials, message templates and 24-hour windows, and the sandbox phone's screen.
 */
import type { CloudApiDto } from "../contract/dto/connections";
import type { SandboxMessageDto } from "../contract/dto/sandbox";
import type { CloudApiInput } from "../contract/schemas/connections";
import type { MessageTemplateDto, TemplateChoice } from "../contract/templates";
import type { DbOrTx } from "./db";

/** What Meta answered about a Cloud API number when its credentials were checked. */
export interface CloudApiVerified {
  displayPhoneNumber: string;
  verifiedName: string;
}

/** The WhatsApp Cloud API channel's services (`deps.cloudApi`). */
export interface CloudApiChannel {
  /** The public shape of a connection's account (secrets masked; webhook and verify token only for admins); null when none. */
  account(connectionId: number, opts?: { admin?: boolean }): Promise<CloudApiDto | null>;
  /** The accounts of several connections, by connection id (one query). */
  accounts(connectionIds: number[]): Promise<Map<number, CloudApiDto>>;
  /** The credentials to check and save: masked secrets sent back are the connection's stored ones (a field error when missing). */
  resolveCredentials(input: CloudApiInput, connectionId?: number): Promise<CloudApiInput>;
  /** Whether anything Meta checks differs from what the connection stores (true when it stores nothing). */
  credentialsChanged(input: CloudApiInput, connectionId: number): Promise<boolean>;
  /** One Graph call proves the credentials (each cause its own code); a number in use elsewhere is refused. */
  verifyCredentials(input: CloudApiInput, exceptConnectionId?: number): Promise<CloudApiVerified>;
  /** Inside the connection's transaction: its account, created (new webhook key and verify token) or updated. */
  saveCredentials(tx: DbOrTx, ref: { connectionId: number; companyId: number }, input: CloudApiInput, verified: CloudApiVerified | null): Promise<void>;
  /** When the customer last wrote to the connection's number (epoch ms), or null when never. */
  lastInboundAt(connectionId: number, number: string): Promise<number | null>;
  /** The approved template a choice names, checked (exists, sendable, every variable filled), with the text the customer reads. */
  resolveTemplate(connectionId: number, choice: TemplateChoice): Promise<{ template: MessageTemplateDto; text: string }>;
  /** Fetches the templates first when never fetched or stale (a failure keeps the stored copy). */
  ensureTemplates(connectionId: number, now?: number): Promise<void>;
  /** The connection's approved templates and when they were fetched; `refresh` fetches them now (Graph errors answer their code). */
  templates(connectionId: number, opts: { refresh: boolean; now: number }): Promise<{ templates: MessageTemplateDto[]; fetchedAt: string | null }>;
  /** Meta's subscription check of a connection's webhook: answers the challenge. */
  verifySubscription(key: string, query: Record<string, string | undefined>): Promise<string>;
  /** A signed webhook delivery: resolves once its messages are stored (or spooled). */
  receiveWebhook(key: string, raw: Uint8Array, signature: string | null): Promise<void>;
}

/** A customer's message typed on the sandbox phone (already validated; its file already stored). */
export interface SandboxInbound {
  number: string;
  name: string;
  type: "text" | "image" | "audio" | "document" | "location" | "contact";
  body: string;
  media?: { mediaPath: string; mediaName: string; mime: string } | null;
  latitude?: number;
  longitude?: number;
  vcard?: string;
  quotedId?: string;
  /** The phone's own id for this message: a retry with the same id is the same message. */
  id?: string;
}

/** One customer of a sandbox phone, as its list shows them. */
export interface SandboxCustomer {
  number: string;
  name: string;
  count: number;
  lastMessage: SandboxMessageDto;
}

/** The sandbox phone's services (`deps.sandbox`). */
export interface SandboxChannel {
  /** The customers who wrote on a sandbox connection, latest first. */
  customers(companyId: number, connectionId: number): Promise<SandboxCustomer[]>;
  /** One customer's conversation as the phone shows it. */
  conversation(companyId: number, connectionId: number, number: string): Promise<{ number: string; messages: SandboxMessageDto[] }>;
  /**
   * The running phone of a connection (undefined when it is not running and connected): a message it
   * already holds under the phone's own id, and a customer's new message.
   */
  phone(connectionId: number):
    | {
        known(clientId: string): Promise<{ mediaPath: string | null; mediaName: string | null; mime: string | null } | undefined>;
        receive(input: SandboxInbound): Promise<SandboxMessageDto>;
      }
    | undefined;
}
