/** What the phone got with a media message: preview, size, duration, voice-note waveform, pages. */
export interface SandboxMediaInfo {
  /** data: URL of the JPEG preview. */
  thumbnail: string | null;
  width: number | null;
  height: number | null;
  seconds: number | null;
  /** Voice notes: 64 bars, 0-100. */
  waveform: number[] | null;
  pageCount: number | null;
  animated: boolean;
}

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
  /** The company sent it as a voice note (Ogg/Opus, ptt). */
  ptt: boolean;
  media: SandboxMediaInfo | null;
  latitude: number | null;
  longitude: number | null;
  vcard: string | null;
  quotedWid: string | null;
  ack: number;
  isDeleted: boolean;
  isEdited: boolean;
  createdAt: string;
}
