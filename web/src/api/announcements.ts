import type { AnnouncementDto } from "@contract/dto/announcements";
import { listPage, mediaOf, resource } from "./resource";

export type Announcement = AnnouncementDto;

export interface AnnouncementInput {
  title: string;
  text: string;
  priority: number;
  status: boolean;
}

/** GET /announcements: newest first (active ones only, except for super users). */
export const listAnnouncements = listPage<"records", Announcement>("/announcements");
/** An announcement's own calls and its one image. */
export const announcementsApi = resource<Announcement, AnnouncementInput>("/announcements");
export const announcementMedia = mediaOf<Announcement>("/announcements");
