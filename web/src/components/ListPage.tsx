import { LIMITS } from "@contract/limits";
import { type ReactNode, type UIEvent, useEffect, useRef } from "react";
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
          <h1 className="text-2xl font-semibold tracking-tight text-ink">{title}</h1>
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
  "sticky top-0 z-10 border-b border-line bg-raised/95 px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-muted backdrop-blur";
/** Body cell style shared by the list tables. */
export const tdClass = "border-b border-line px-4 py-3";

/** A column of a list table: header text and extra header classes; `false` leaves it out. */
export type Column = { label: string; className?: string } | false;

/** The table of a list page: sticky header cells, the rows, and a spinner row while the next page loads. */
export function ListTable({ columns, loading = false, children }: { columns: Column[]; loading?: boolean; children: ReactNode }) {
  const t = useT();
  const shown = columns.filter((c) => c !== false);
  return (
    <table className="w-full border-separate border-spacing-0 text-sm">
      <thead>
        <tr>
          {shown.map((c, i) => (
            <th key={i} className={c.className ? `${thClass} ${c.className}` : thClass}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
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
