/** Small reference shapes shared by several DTOs. */
export interface QueueRef {
  id: number;
  name: string;
  color: string;
}

export interface UserRef {
  id: number;
  name: string;
}

export interface TagRef {
  id: number;
  name: string;
  color: string;
  kanban: number;
}

/** A list answer: the records under the area's key plus `count` and `hasMore` (ARCHITECTURE.md). */
export type Page<K extends string, T> = { [P in K]: T[] } & { count: number; hasMore: boolean };
