/** The wire shape of a quick message (features.md §3 Quick message). */
export interface QuickMessageDto {
  id: number;
  shortcode: string;
  message: string;
  geral: boolean;
  status: boolean;
  userId: number | null;
  companyId: number;
  mediaPath: string | null;
  mediaName: string | null;
  mediaUrl: string | null;
  isMedia: boolean;
  createdAt: string;
  updatedAt: string;
}
