import type { TagDto } from "@contract/dto/tags";
import { listPage, resource } from "./resource";

export type Tag = TagDto;

export interface TagInput {
  name: string;
  color: string;
  kanban?: number;
}

/** GET /tags: a page ordered by name. */
export const listTags = listPage<"tags", Tag>("/tags");
/** A tag's own calls. */
export const tagsApi = resource<Tag, TagInput>("/tags");
