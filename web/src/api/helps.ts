import type { HelpDto } from "@contract/dto/helps";
import { api } from "./client";
import { listPage, resource } from "./resource";

export type Help = HelpDto;
export type HelpInput = Pick<HelpDto, "title" | "description" | "video">;

/** GET /helps: a page ordered by title. */
export const listHelps = listPage<"helps", Help>("/helps");
/** GET /helps/list: every help video. */
export const listAllHelps = () => api<Help[]>("/helps/list");
/** A help video's own calls (super users). */
export const helpsApi = resource<Help, HelpInput>("/helps");
