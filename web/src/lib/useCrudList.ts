import type { CrudState } from "../components/CrudPage";
import type { ListStore } from "../stores/lists";
import { type CrudOptions, useCrud } from "./useCrud";
import { type ListSource, usePagedList } from "./usePagedList";

/**
 * The wiring of an admin list page: the list (`usePagedList` from `source` into `store`), the
 * editor and delete state (`useCrud`), and the editor's props (`editor`: a created record raises
 * the count). `page` goes to CrudPage as is.
 */
export function useCrudList<T extends { id: number }>(o: Omit<CrudOptions<T>, "store" | "list"> & { store: ListStore<T>; source: ListSource<T> }) {
  const list = usePagedList(o.store, o.source);
  const crud = useCrud<T>({ ...o, list });
  const page: CrudState<T> = { area: o.area, list, crud, items: o.store.items.value };
  const editor = { ...crud.editor, onCreated: () => list.setCount((c) => c + 1) };
  return { page, list, crud, editor };
}
