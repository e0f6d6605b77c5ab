import { LIMITS } from "@contract/limits";
import { type ReactNode, type UIEvent, useEffect, useRef } from "react";
import { PageTitle } from "./Page";
import { useT } from "../i18n";
import { Badge } from "./Badge";
import { Icon } from "./Icon";
import { Spinner } from "./Spinner";

/**
 * The frame of a list page: title with a count, a search box, action buttons, and a scroll box
 * that loads the next page within 100 px of the bottom (and keeps loading while it cannot scroll).
 */
export function ListPage({
  title,
  count,
  search,
  onSearch,
  searchPlaceholder,
  actions,
  loading,
  itemCount,
  onLoadMore,
  testId,
  children,
}: {
  title: string;
  count?: string;
  search?: string;
  onSearch?: (v: string) => void;
  searchPlaceholder?: string;
  actions?: ReactNode;
  loading: boolean;
  itemCount: number;
  onLoadMore?: () => void;
  testId: string;
  children: ReactNode;
}) {
  const t = useT();
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = scroller.current;
    if (el && onLoadMore && !loading && el.scrollHeight <= el.clientHeight + LIMITS.infiniteScrollPx) onLoadMore();
  }, [loading, itemCount]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (onLoadMore && el.scrollHeight - el.scrollTop - el.clientHeight < LIMITS.infiniteScrollPx) onLoadMore();
  };

  return (
    <div className="flex h-full flex-col gap-5 px-4 py-6 sm:px-8">
      <div className="flex flex-wrap items-center gap-3">
        <div className="mr-auto flex items-center gap-3">
          <PageTitle>{title}</PageTitle>
          {count && <Badge tone="brand">{count}</Badge>}
        </div>
        {onSearch && (
          <label className="relative w-full sm:w-72">
            <span className="sr-only">{t("common.search")}</span>
            <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle" />
            <input
              type="search"
              value={search}
              onChange={(e) => onSearch(e.target.value)}
              placeholder={searchPlaceholder}
              className="h-10 w-full rounded-lg border border-line bg-surface pr-3 pl-9 text-sm text-ink shadow-sm placeholder:text-subtle focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 focus:outline-none"
            />
          </label>
        )}
        {actions && <div className="flex w-full flex-wrap gap-2 sm:w-auto">{actions}</div>}
      </div>
      <div ref={scroller} onScroll={onScroll} data-testid={testId} className="min-h-0 overflow-auto rounded-card border border-line bg-surface shadow-card">
        {children}
      </div>
    </div>
  );
}

/** Sticky table header cell style of the list tables (ListTable). */
const thClass =
  "sticky top-0 z-10 border-b border-line bg-raised/95 px-3 py-3 sm:px-4 text-left text-xs font-semibold uppercase tracking-wide text-muted backdrop-blur";
/** Body cell style shared by the list tables (a cell of buttons is `compact`); a phone gets narrower gutters so three columns and the actions fit. */
const tdClass = "border-b border-line px-3 sm:px-4";
/** A column hidden below a screen width (its content may fold into another cell there). */
const FROM = { sm: "hidden sm:table-cell", md: "hidden md:table-cell", lg: "hidden lg:table-cell", "2xl": "hidden 2xl:table-cell" } as const;

/** A column of a list table; `false` leaves it out (a column shown only to some users or widths). */
export type Column<T> =
  | {
      /** i18n key of the header. */
      label: string;
      /** The cell's content for a row. */
      cell: (row: T) => ReactNode;
      /** Shown from this screen width on. */
      from?: keyof typeof FROM;
      /** Classes of the body cells (text style, width, alignment). */
      className?: string;
      /** Classes of the header cell. */
      head?: string;
      /** A cell of buttons: less padding above and below. */
      compact?: boolean;
    }
  | false;

export interface ListTableProps<T> {
  columns: Column<T>[];
  rows: T[];
  /** The rows' test id (`data-testid`); each row also carries `data-id`. */
  rowTestId: string;
  rowKey?: (row: T) => string | number;
  /** Classes of a row (default: a hover tint). */
  rowClass?: (row: T) => string;
  /** More `data-*` attributes of a row (e.g. a status tests wait for). */
  rowData?: (row: T) => Record<`data-${string}`, string>;
  /** A spinner row while the next page loads. */
  loading?: boolean;
}

const join = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join(" ");
const HOVER = () => "hover:bg-raised/60";

/** The table of a list page, declared by its columns: sticky headers, one row per item, a spinner row while the next page loads. */
export function ListTable<T>({ columns, rows, rowTestId, rowKey, rowClass = HOVER, rowData, loading = false }: ListTableProps<T>) {
  const t = useT();
  const shown = columns.filter((c) => c !== false);
  const keyOf = rowKey ?? ((row: T) => (row as { id: number }).id);
  return (
    <table className="w-full border-separate border-spacing-0 text-sm">
      <thead>
        <tr>
          {shown.map((c) => (
            <th key={c.label} className={join(thClass, c.from && FROM[c.from], c.head)}>
              {t(c.label)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={keyOf(row)} data-testid={rowTestId} data-id={keyOf(row)} className={rowClass(row)} {...rowData?.(row)}>
            {shown.map((c) => (
              <td key={c.label} className={join(tdClass, c.compact ? "py-2" : "py-3", c.from && FROM[c.from], c.className)}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {loading && (
        <tfoot>
          <tr>
            <td colSpan={shown.length} className="py-6 text-center text-brand-600">
              <Spinner className="mx-auto size-6" label={t("common.loadMore")} />
            </td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}
