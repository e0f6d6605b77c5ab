/** The wire shape of a tag (R-TAG-1). */
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
