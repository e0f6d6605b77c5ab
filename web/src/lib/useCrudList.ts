import type { CrudState } from "../components/CrudPage";
import type { ListStore } from "../stores/lists";
import { listIds } from "./recordKind";
import { type CrudOptions, useCrud } from "./useCrud";
import { type ListSource, usePagedList } from "./usePagedList";

/** The part of a `RecordKind` a list needs (a read-only list, like invoices, has no calls of its own). */
interface ListKind<T extends { id: number }> {
  area: string;
  handle: string;
  store: ListStore<T>;
  api?: { remove: (id: number) => Promise<unknown> };
}

/**
 * The wiring of an admin list page: the kind's list (`usePagedList` from `source` into its store),
 * the editor and delete state (`useCrud`), and the editor's props (`editor`: a created record raises
 * the count). `page` goes to CrudPage as is.
 */
export function useCrudList<T extends { id: number }>(kind: ListKind<T>, source: ListSource<T>, o: Pick<CrudOptions<T>, "titleParams"> = {}) {
  const list = usePagedList(kind.store, source);
  const crud = useCrud<T>({ area: kind.area, remove: kind.api?.remove, store: kind.store, list, titleParams: o.titleParams });
  const editor = { ...crud.editor, onCreated: () => list.setCount((c) => c + 1) };
  const page: CrudState<T> = { area: kind.area, list, crud, items: kind.store.items.value, editor, ...listIds(kind) };
  return { page, list, crud, editor };
}
