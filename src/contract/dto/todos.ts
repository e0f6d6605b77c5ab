/** The wire shape of a to-do task (the user's own; the owner is the caller). */
export interface TodoDto {
  id: number;
  text: string;
  done: boolean;
  createdAt: string;
  updatedAt: string;
}
