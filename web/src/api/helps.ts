import type { Page } from "@contract/dto/common";
import type { HelpDto } from "@contract/dto/helps";
import { api } from "./client";

export type Help = HelpDto;
export type HelpInput = Pick<HelpDto, "title" | "description" | "video">;

/** GET /helps: a page ordered by title. */
export const listHelps = (searchParam: string, pageNumber: number) => api<Page<"helps", Help>>("/helps", { query: { searchParam, pageNumber } });
/** GET /helps/list: every help video. */
export const listAllHelps = () => api<Help[]>("/helps/list");
export const getHelp = (id: number) => api<Help>(`/helps/${id}`);
export const createHelp = (input: HelpInput) => api<Help>("/helps", { method: "POST", body: input });
export const updateHelp = (id: number, input: HelpInput) => api<Help>(`/helps/${id}`, { method: "PUT", body: input });
export const deleteHelp = (id: number) => api(`/helps/${id}`, { method: "DELETE" });
