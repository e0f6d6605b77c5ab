import type { ReactNode } from "react";
import { useT } from "../i18n";
import type { Crud } from "../lib/useCrud";
import { Button, IconButton } from "./Button";
import { ConfirmDialog } from "./ConfirmDialog";
import { EmptyState } from "./EmptyState";
import type { IconName } from "./Icon";
import { ListPage } from "./ListPage";
import { Spinner } from "./Spinner";

/** The list state a CrudPage shows: `usePagedList` (search, infinite scroll) or `useWholeList` (short lists). */
export interface CrudList {
  loading: boolean;
  count: number;
  search?: string;
  setSearch?: (v: string) => void;
  loadMore?: () => void;
}

/**
 * The one admin list page: title with the count, search (when the list pages), the add button and
 * other actions, a spinner on the first load, the area's empty state, the table, the editor and
 * other dialogs, and the delete confirmation. Texts come from the area's i18n keys:
 * `<area>.title`, `.total`, `.search`, `.add`, `.empty`, `.emptyHint`.
 */
export function CrudPage({
  area,
  title,
  testId,
  icon,
  list,
  itemCount,
  crud,
  canAdd = true,
  addTestId,
  actions,
  emptyHint = true,
  emptyAction,
  dialogs,
  children,
}: {
  area: string;
  /** Overrides `<area>.title` (e.g. the name of the record whose items are listed). */
  title?: string;
  testId: string;
  icon: IconName;
  list: CrudList;
  itemCount: number;
  crud: Crud;
  canAdd?: boolean;
  addTestId?: string;
  /** Buttons before the add button (import, export…). */
  actions?: ReactNode;
  /** Whether the empty state shows `<area>.emptyHint` (e.g. only to those who may add). */
  emptyHint?: boolean;
  /** A button under the empty state's hint (e.g. "Importar"). */
  emptyAction?: ReactNode;
  /** The editor modal and any other dialog of the page. */
  dialogs?: ReactNode;
  /** The table (shown when there is at least one record). */
  children: ReactNode;
}) {
  const t = useT();
  return (
    <ListPage
      title={title ?? t(`${area}.title`)}
      count={t(`${area}.total`, { count: list.count })}
      search={list.search}
      onSearch={list.setSearch}
      searchPlaceholder={list.setSearch ? t(`${area}.search`) : undefined}
      loading={list.loading}
      itemCount={itemCount}
      onLoadMore={list.loadMore}
      testId={testId}
      actions={
        (actions || canAdd) && (
          <>
            {actions}
            {canAdd && (
              <Button icon="plus" onClick={crud.add} data-testid={addTestId} className="w-full sm:w-auto">
                {t(`${area}.add`)}
              </Button>
            )}
          </>
        )
      }
    >
      {list.loading && itemCount === 0 ? (
        <Spinner className="mx-auto my-10 size-6 text-brand-600" />
      ) : itemCount === 0 ? (
        <EmptyState icon={icon} title={t(`${area}.empty`)} hint={emptyHint ? t(`${area}.emptyHint`) : undefined} action={emptyAction} />
      ) : (
        children
      )}
      {dialogs}
      <ConfirmDialog {...crud.confirm} confirmLabel={t("common.delete")} />
    </ListPage>
  );
}

/** The edit and delete buttons at the end of a row; either is left out when not allowed. */
export function RowActions({ onEdit, onDelete, extra }: { onEdit?: () => void; onDelete?: () => void; extra?: ReactNode }) {
  const t = useT();
  return (
    <td className="border-b border-line px-4 py-2 text-right whitespace-nowrap">
      {extra}
      {onEdit && <IconButton icon="edit" label={t("common.edit")} onClick={onEdit} />}
      {onDelete && <IconButton icon="trash" label={t("common.delete")} tone="danger" onClick={onDelete} />}
    </td>
  );
}
