import { mediaUrl } from "../media";
import type { MessageDto } from "../../contract/dto/messages";
import type { MenuSpec } from "../../core/channel";
import type { TemplateChoice } from "../../contract/templates";
import type { MessageRow } from "./schema";

/** What an outgoing message carries beyond its body (messages.payload). */
export interface MessagePayload {
  template?: TemplateChoice;
  menu?: MenuSpec;
}

/** The stored payload, or null when none or unreadable. */
export function payloadOf(json: string | null): MessagePayload | null {
  if (!json) return null;
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === "object" ? (v as MessagePayload) : null;
  } catch {
    return null;
  }
}

const templateNameOf = (json: string | null) => (json?.includes('"template"') ? (payloadOf(json)?.template?.name ?? null) : null);

type Quoted = Pick<MessageRow, "id" | "body" | "fromMe" | "mediaType" | "mediaUrl" | "isDeleted"> | null;

/** The wire shape of a message (R-MSG-11). Media URLs point at the company-only route. */
export function serializeMessage(m: MessageRow, quoted: Quoted = null, contact: { id: number; name: string } | null = null): MessageDto {
  return {
    id: m.id,
    wid: m.wid,
    ticketId: m.ticketId,
    body: m.isDeleted ? "" : m.body,
    fromMe: m.fromMe,
    read: m.read,
    mediaType: m.mediaType,
    mediaUrl: m.isDeleted ? null : mediaUrl(m.mediaUrl),
    mediaName: m.mediaName,
    ack: m.ack,
    sendStatus: m.sendStatus,
    sendError: m.sendStatus === "failed" ? m.sendError : null,
    templateName: templateNameOf(m.payload),
    isDeleted: m.isDeleted,
    isEdited: m.isEdited,
    isAutomatic: m.isAutomatic,
    userId: m.userId,
    contact,
    quotedMsg: quoted
      ? {
          id: quoted.id,
          body: quoted.isDeleted ? "" : quoted.body,
          fromMe: quoted.fromMe,
          mediaType: quoted.mediaType,
          mediaUrl: quoted.isDeleted ? null : mediaUrl(quoted.mediaUrl),
          isDeleted: quoted.isDeleted,
        }
      : null,
    createdAt: m.createdAt,
  };
}
export type { MessageDto };
