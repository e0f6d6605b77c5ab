/** The wire shape of a quick message (R-LIB-1). */
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
