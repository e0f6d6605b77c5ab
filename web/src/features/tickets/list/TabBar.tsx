import type { ReactNode } from "react";

export interface TabItem<K extends string> {
  key: K;
  label: string;
  icon?: ReactNode;
  badge?: number;
}

/** A compact tab strip with optional count badges (list tabs and the narrow-screen switch). */
export function TabBar<K extends string>({
  items,
  value,
  onChange,
  variant = "line",
  testPrefix = "tab",
}: {
  items: TabItem<K>[];
  value: K;
  onChange: (k: K) => void;
  variant?: "line" | "pill";
  testPrefix?: string;
}) {
  return (
    <div role="tablist" className={variant === "line" ? "flex border-b border-line" : "flex gap-1 rounded-lg bg-raised p-1"}>
      {items.map((it) => {
        const on = it.key === value;
        const cls =
          variant === "line"
            ? `-mb-px flex flex-1 items-center justify-center gap-1.5 border-b-2 px-2 py-2.5 text-sm font-medium transition-colors ${on ? "border-brand-600 text-brand-700 dark:border-brand-400 dark:text-brand-300" : "border-transparent text-muted hover:text-ink"}`
            : `flex flex-1 items-center justify-center gap-1.5 rounded-md px-2 py-1.5 text-xs font-semibold transition-colors ${on ? "bg-surface text-ink shadow-sm" : "text-muted hover:text-ink"}`;
        return (
          <button
            key={it.key}
            type="button"
            role="tab"
            aria-selected={on}
            onClick={() => onChange(it.key)}
            className={cls}
            data-testid={`${testPrefix}-${it.key}`}
          >
            {it.icon}
            <span className="truncate">{it.label}</span>
            {it.badge !== undefined && (
              <span
                className={`min-w-5 rounded-full px-1.5 py-px text-[11px] font-bold tabular-nums ${on ? "bg-brand-600 text-white dark:bg-brand-500 dark:text-brand-950" : "bg-line text-muted"}`}
                data-testid={`badge-${it.key}`}
              >
                {it.badge}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
