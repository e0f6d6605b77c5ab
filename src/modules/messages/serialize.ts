import { mediaUrl } from "../../http/uploads";
import type { MessageDto } from "../../contract/dto/messages";
import type { MessageRow } from "./schema";

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
