import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { useSignals } from "@preact/signals-react/runtime";
import type { QueueRef } from "../../../api/types";
import { Icon } from "../../../components/Icon";
import { useT } from "../../../i18n";
import { counts, openSubTab } from "../../../stores/tickets";
import { filtering, ListFilters } from "./ListControls";

export type Tab = "open" | "closed" | "search";

/**
 * The phone's one row above the tickets: the open list's two halves (assigned, waiting) with their
 * counts, resolved and search as equal tabs, and the filters folded behind one button.
 */
export function PhoneTabs({ tab, onTab, queues }: { tab: Tab; onTab: (t: Tab) => void; queues: QueueRef[] }) {
  useSignals();
  const t = useT();
  const c = counts.value;
  const sub = openSubTab.value;
  const openHalf = (half: "open" | "pending") => () => {
    openSubTab.value = half;
    onTab("open");
  };
  const items = [
    {
      key: "open",
      label: t("tickets.tabs.assigned"),
      badge: c.open,
      on: tab === "open" && sub === "open",
      go: openHalf("open"),
    },
    {
      key: "pending",
      label: t("tickets.tabs.pending"),
      badge: c.pending,
      on: tab === "open" && sub === "pending",
      go: openHalf("pending"),
    },
    { key: "closed", label: t("tickets.tabs.closed"), on: tab === "closed", go: () => onTab("closed") },
  ];
  return (
    <div className="flex h-12 shrink-0 items-center gap-0.5 border-b border-line px-1" data-testid="phone-tabs">
      <div role="tablist" className="flex min-w-0 flex-1 items-center gap-0.5">
        {items.map((it) => (
          <button
            key={it.key}
            type="button"
            role="tab"
            aria-selected={it.on}
            onClick={it.go}
            data-testid={it.key === "closed" ? "main-closed" : `tab-${it.key}`}
            className={`flex h-8 min-w-0 items-center gap-1 rounded-full px-[7px] text-[12.5px] font-semibold tracking-tight transition-colors ${it.on ? "bg-brand-600 text-white dark:bg-brand-500 dark:text-brand-950" : "text-muted hover:bg-raised"}`}
          >
            <span className="truncate">{it.label}</span>
            {it.badge !== undefined && (
              <span className={`rounded-full px-1 text-[11px] tabular-nums ${it.on ? "bg-white/25" : "bg-line"}`} data-testid={`badge-${it.key}`}>
                {it.badge}
              </span>
            )}
          </button>
        ))}
        <button
          type="button"
          role="tab"
          aria-selected={tab === "search"}
          aria-label={t("tickets.tabs.search")}
          title={t("tickets.tabs.search")}
          onClick={() => onTab("search")}
          data-testid="main-search"
          className={`flex size-[30px] shrink-0 items-center justify-center rounded-full ${tab === "search" ? "bg-brand-600 text-white dark:bg-brand-500 dark:text-brand-950" : "text-muted hover:bg-raised"}`}
        >
          <Icon name="search" className="size-4" />
        </button>
      </div>
      <Popover className="relative shrink-0">
        <PopoverButton
          aria-label={t("tickets.filters")}
          title={t("tickets.filters")}
          className="relative flex size-8 items-center justify-center rounded-lg text-muted hover:bg-raised data-[open]:bg-raised"
          data-testid="phone-filters"
        >
          <Icon name="filter" className="size-4.5" />
          {filtering() && <span className="absolute top-1.5 right-1.5 size-2 rounded-full bg-brand-600" />}
        </PopoverButton>
        <PopoverPanel anchor="bottom end" className="z-50 flex w-64 flex-col gap-2 rounded-xl border border-line bg-surface p-3 shadow-pop [--anchor-gap:6px]">
          <p className="text-xs font-semibold tracking-wide text-subtle uppercase">{t("tickets.filters")}</p>
          <ListFilters queues={queues} stacked />
        </PopoverPanel>
      </Popover>
    </div>
  );
}
