/** One message as the sandbox phone shows it ("in" = the customer wrote it). */
export interface SandboxMessageDto {
  id: number;
  wid: string;
  number: string;
  name: string;
  direction: "in" | "out";
  type: string;
  body: string;
  mediaUrl: string | null;
  mediaName: string | null;
  mimetype: string | null;
  latitude: number | null;
  longitude: number | null;
  vcard: string | null;
  quotedWid: string | null;
  ack: number;
  isDeleted: boolean;
  isEdited: boolean;
  createdAt: string;
}
