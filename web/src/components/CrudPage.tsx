import type { ComponentType, ReactNode } from "react";
import { useT } from "../i18n";
import type { Crud } from "../lib/useCrud";
import type { EditorProps } from "../lib/useEntityForm";
import { Button, IconButton } from "./Button";
import { ConfirmDialog } from "./ConfirmDialog";
import { EmptyState } from "./EmptyState";
import type { IconName } from "./Icon";
import { type Column, ListPage, ListTable, type ListTableProps } from "./ListPage";
import { BlockSpinner } from "./Spinner";

/** The list state a CrudPage shows (`usePagedList`: search and infinite scroll, or a whole short list). */
export interface CrudList {
  loading: boolean;
  count: number;
  search?: string;
  setSearch?: (v: string) => void;
  loadMore?: () => void;
}

/** What a CrudPage shows and drives: `useCrudList`'s answer (or one built from another store). */
export interface CrudState<T extends { id: number }> {
  area: string;
  list: CrudList;
  crud: Crud<T>;
  items: T[];
  /** The scroll box's and the rows' test ids. */
  testId: string;
  rowTestId: string;
  /** The editor's props (open, id, close, created). */
  editor?: EditorProps<T>;
}

/** Whether a row may be edited / deleted: for every row, or decided per row. */
type RowRule<T> = boolean | ((row: T) => boolean);
const allows = <T,>(rule: RowRule<T>, row: T) => (typeof rule === "function" ? rule(row) : rule);

interface CrudPageProps<T extends { id: number }> extends Partial<Omit<ListTableProps<T>, "columns" | "rows" | "loading" | "rowTestId">> {
  page: CrudState<T>;
  /** Overrides `<area>.title` (e.g. the name of the record whose items are listed). */
  title?: string;
  icon: IconName;
  /** Whether the add button shows; the empty state's `<area>.emptyHint` ("add one…") shows with it. */
  canAdd?: boolean;
  addTestId?: string;
  /** Buttons before the add button (import, export…). */
  actions?: ReactNode;
  /** A button under the empty state's hint (e.g. "Importar"). */
  emptyAction?: ReactNode;
  /** The record's add/edit modal, opened by the add and edit buttons. */
  editor?: ComponentType<EditorProps<T>>;
  /** Any other dialog of the page (or the editor, when it takes more props). */
  dialogs?: ReactNode;
  /** The table's columns; the actions column (edit, delete, `rowActions`) is added at the end. */
  columns?: Column<T>[];
  /** Who may edit and delete rows (by default those who may add). */
  mayEdit?: RowRule<T>;
  mayDelete?: RowRule<T>;
  /** More buttons of a row, before edit and delete. */
  rowActions?: (row: T) => ReactNode;
  /** A table of the page's own instead of `columns`. */
  children?: ReactNode;
}

/**
 * The one admin list page: title with the count, search (when the list pages), the add button and
 * other actions, a spinner on the first load, the area's empty state, the table (declared by its
 * columns, with edit and delete at the end of each row), the editor and other dialogs, and the delete
 * confirmation. Texts come from the area's i18n keys: `<area>.title`, `.total`, `.search`, `.add`,
 * `.empty`, `.emptyHint`.
 */
export function CrudPage<T extends { id: number }>(p: CrudPageProps<T>) {
  const t = useT();
  const { area, list, crud, items } = p.page;
  const canAdd = p.canAdd ?? true;
  const mayEdit = p.mayEdit ?? canAdd;
  const mayDelete = p.mayDelete ?? canAdd;
  const withActions = mayEdit !== false || mayDelete !== false || !!p.rowActions;
  const actionsColumn: Column<T> = withActions && {
    label: "common.actions",
    head: "text-right",
    className: "text-right whitespace-nowrap",
    compact: true,
    cell: (row) => (
      <>
        {p.rowActions?.(row)}
        {allows(mayEdit, row) && <IconButton icon="edit" label={t("common.edit")} onClick={() => crud.edit(row.id)} />}
        {allows(mayDelete, row) && <IconButton icon="trash" label={t("common.delete")} tone="danger" onClick={() => crud.askDelete(row)} />}
      </>
    ),
  };
  return (
    <ListPage
      title={p.title ?? t(`${area}.title`)}
      count={t(`${area}.total`, { count: list.count })}
      search={list.search}
      onSearch={list.setSearch}
      searchPlaceholder={list.setSearch ? t(`${area}.search`) : undefined}
      loading={list.loading}
      itemCount={items.length}
      onLoadMore={list.loadMore}
      testId={p.page.testId}
      actions={
        (p.actions || canAdd) && (
          <>
            {p.actions}
            {canAdd && (
              <Button icon="plus" onClick={crud.add} data-testid={p.addTestId} className="w-full sm:w-auto">
                {t(`${area}.add`)}
              </Button>
            )}
          </>
        )
      }
    >
      {list.loading && items.length === 0 ? (
        <BlockSpinner />
      ) : items.length === 0 ? (
        <EmptyState icon={p.icon} title={t(`${area}.empty`)} hint={canAdd ? t(`${area}.emptyHint`) : undefined} action={p.emptyAction} />
      ) : (
        (p.children ?? (
          <ListTable
            columns={[...(p.columns ?? []), actionsColumn]}
            rows={items}
            rowTestId={p.page.rowTestId}
            rowKey={p.rowKey}
            rowClass={p.rowClass}
            rowData={p.rowData}
            loading={list.loading}
          />
        ))
      )}
      {p.editor && p.page.editor && <p.editor {...p.page.editor} />}
      {p.dialogs}
      <ConfirmDialog {...crud.confirm} confirmLabel={t("common.delete")} />
    </ListPage>
  );
}
