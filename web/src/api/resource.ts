import type { Page } from "@contract/dto/common";
import { api, type RequestOptions } from "./client";
import { uploadFile } from "./files";

/** The REST calls of one kind of record at `path` (GET/PUT/DELETE `path/:id`, POST `path`): what editors and list pages use. */
export function resource<T, I>(path: string) {
  return {
    get: (id: number) => api<T>(`${path}/${id}`),
    create: (input: I) => api<T>(path, { method: "POST", body: input }),
    update: (id: number, input: I) => api<T>(`${path}/${id}`, { method: "PUT", body: input }),
    remove: (id: number) => api(`${path}/${id}`, { method: "DELETE" }),
  };
}

/** What a record's editor needs of its calls (`resource`, or a hand-made one when creating needs a parent id). */
export type RecordApi<T, I> = Pick<ReturnType<typeof resource<T, I>>, "get" | "create" | "update">;

/**
 * GET one page of a searchable list: `searchParam` and `pageNumber` are the one paging query of
 * every list (the server's `PageQuery`); `more` adds a list's own filters. The rows come under `key`.
 */
export const listPage =
  <K extends string, T>(path: string) =>
  (searchParam: string, pageNumber: number, more?: RequestOptions["query"]) =>
    api<Page<K, T>>(path, { query: { searchParam, pageNumber, ...more } });

/** The one attachment of a record: POST (upload) and DELETE `path/:id/media-upload`, both answering the record. */
export function mediaOf<T>(path: string) {
  return {
    upload: (id: number, file: File) => uploadFile<T>(`${path}/${id}/media-upload`, file),
    remove: (id: number) => api<T>(`${path}/${id}/media-upload`, { method: "DELETE" }),
  };
}
