/** The wire shape of a tag (features.md §3 Tag). */
export interface TagDto {
  id: number;
  name: string;
  color: string;
  kanban: number;
  userId: number | null;
  companyId: number;
  ticketsCount: number;
  createdAt: string;
  updatedAt: string;
}
