import type { AnnouncementDto } from "@contract/dto/announcements";
import type { Page } from "@contract/dto/common";
import { api } from "./client";
import { uploadFile } from "./files";

export type Announcement = AnnouncementDto;

export interface AnnouncementInput {
  title: string;
  text: string;
  priority: number;
  status: boolean;
}

/** GET /announcements: newest first (active ones only, except for super users). */
export const listAnnouncements = (searchParam: string, pageNumber: number) =>
  api<Page<"records", Announcement>>("/announcements", { query: { searchParam, pageNumber } });
export const getAnnouncement = (id: number) => api<Announcement>(`/announcements/${id}`);
export const createAnnouncement = (input: AnnouncementInput) => api<Announcement>("/announcements", { method: "POST", body: input });
export const updateAnnouncement = (id: number, input: AnnouncementInput) => api<Announcement>(`/announcements/${id}`, { method: "PUT", body: input });
export const deleteAnnouncement = (id: number) => api(`/announcements/${id}`, { method: "DELETE" });
export const uploadAnnouncementMedia = (id: number, file: File) => uploadFile<Announcement>(`/announcements/${id}/media-upload`, file);
export const deleteAnnouncementMedia = (id: number) => api<Announcement>(`/announcements/${id}/media-upload`, { method: "DELETE" });
