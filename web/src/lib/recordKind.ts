import type { RecordApi } from "../api/resource";
import type { MediaApi } from "./useAttachment";
import type { ListStore } from "../stores/lists";

/**
 * One kind of record as the kit handles it, declared once beside its editor and used by its list
 * page (`useCrudList`) and its editor (`useEntityForm`): the i18n area (titles, counts, toasts),
 * the handle of its test ids (`<area in kebab-case>-scroll`, `<handle>-row`, `<handle>-form`), its
 * REST calls and its live list store.
 */
export interface RecordKind<T extends { id: number }, I = never> {
  area: string;
  handle: string;
  api: RecordApi<T, I> & { remove: (id: number) => Promise<unknown> };
  store: ListStore<T>;
  /** The record's one attachment, when it has one (its editor shows an AttachmentField). */
  media?: MediaApi<T>;
}

/** Declares a kind of record (see `RecordKind`). */
export function recordKind<T extends { id: number }, I>(
  area: string,
  handle: string,
  api: RecordKind<T, I>["api"],
  store: ListStore<T>,
  media?: MediaApi<T>,
): RecordKind<T, I> {
  return { area, handle, api, store, media };
}

/** The test ids of a kind's list page: its scroll box and its rows. */
export const listIds = (k: { area: string; handle: string }) => ({
  testId: `${k.area.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-scroll`,
  rowTestId: `${k.handle}-row`,
});
