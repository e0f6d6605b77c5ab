import { useState } from "react";
import { t } from "../i18n";
import { toast, toastError } from "../stores/toast";

/** What a list page's deletion needs: the call, what to update after it, and the dialog's text. */
export interface CrudOptions<T extends { id: number }> {
  /** i18n prefix of the area: `<area>.deleteTitle` (with `{{name}}`), `<area>.deleteText`, `<area>.deleted`. */
  area: string;
  /** The delete call (a list nobody deletes from, like invoices, has none). */
  remove?: (id: number) => Promise<unknown>;
  /** The page's list store: a deleted record leaves it. */
  store?: { remove: (id: number) => void };
  /** The page's list counter (`usePagedList`): a delete lowers it. */
  list?: { setCount: (change: (c: number) => number) => void };
  /** Anything else to do after a successful delete. */
  onRemoved?: (item: T) => void;
  /** The parameters of `<area>.deleteTitle`; defaults to `{ name: item.name }`. */
  titleParams?: (item: T) => Record<string, string>;
}

/**
 * The state every admin list page shares: the editor (undefined = closed, null = a new record, an id
 * = that record) and the record waiting for delete confirmation, with the confirm dialog's props.
 */
export function useCrud<T extends { id: number }>(o: CrudOptions<T>) {
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<T | null>(null);

  const confirmDelete = async () => {
    if (!deleting || !o.remove) return;
    try {
      await o.remove(deleting.id);
      o.store?.remove(deleting.id);
      o.list?.setCount((c) => Math.max(0, c - 1));
      o.onRemoved?.(deleting);
      toast("success", t(`${o.area}.deleted`));
    } catch (err) {
      toastError(err);
    }
  };

  const params = deleting ? (o.titleParams?.(deleting) ?? { name: String((deleting as { name?: unknown }).name ?? "") }) : {};
  return {
    /** Props for the editor modal: `open`, the record id (null = new) and `onClose`. */
    editor: { open: editing !== undefined, id: editing ?? null, onClose: () => setEditing(undefined) },
    add: () => setEditing(null),
    edit: (id: number) => setEditing(id),
    askDelete: (item: T) => setDeleting(item),
    /** Props for the ConfirmDialog that CrudPage renders. */
    confirm: {
      open: !!deleting,
      title: t(`${o.area}.deleteTitle`, params),
      text: t(`${o.area}.deleteText`),
      onConfirm: confirmDelete,
      onClose: () => setDeleting(null),
    },
  };
}
/** What CrudPage needs of `useCrud`: the add button, a row's edit and delete, and the delete confirmation. */
export type Crud<T extends { id: number }> = Pick<ReturnType<typeof useCrud<T>>, "add" | "edit" | "askDelete" | "confirm">;
