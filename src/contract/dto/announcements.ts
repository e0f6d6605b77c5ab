/** The wire shape of an announcement (R-LIB-5). */
export interface AnnouncementDto {
  id: number;
  title: string;
  text: string;
  /** 1 Alta, 2 Média, 3 Baixa. */
  priority: number;
  status: boolean;
  mediaPath: string | null;
  mediaName: string | null;
  /** Public URL of the image (/public/announcements/<name>), null without one. */
  mediaUrl: string | null;
  createdAt: string;
  updatedAt: string;
}
