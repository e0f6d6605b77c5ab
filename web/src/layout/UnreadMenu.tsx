import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import type { ReactNode } from "react";
import { Icon, type IconName } from "../components/Icon";
import { BAR_BUTTON, BarLabel, barName } from "./BarButton";

/** One line of an unread menu: who, the last message, how many unread. */
export interface UnreadItem {
  key: number;
  title: string;
  lastMessage: string;
  unread: number;
  open: () => void;
}

interface Props {
  icon: IconName;
  title: string;
  /** The badge on the button (nothing at 0). */
  count: number;
  items: UnreadItem[];
  empty: string;
  testId: string;
  /** A last line under the items (e.g. "open all"), given the popover's close. */
  footer?: (close: () => void) => ReactNode;
}

/** A top-bar popover button with a red count badge (nothing at 0, "99+" past 99). */
export function CountButton(p: { icon: IconName; title: string; count: number; testId: string; countTestId: string; onClick?: () => void }) {
  return (
    <PopoverButton {...barName(p.title)} onClick={p.onClick} className={BAR_BUTTON} data-testid={p.testId}>
      <Icon name={p.icon} className="size-5" />
      <BarLabel text={p.title} />
      {p.count > 0 && (
        <span
          className="absolute top-1 left-5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-bold text-white"
          data-testid={p.countTestId}
        >
          {p.count > 99 ? "99+" : p.count}
        </span>
      )}
    </PopoverButton>
  );
}

/** A top-bar button with an unread count that opens the ten newest unread items (the bell, the chats). */
export function UnreadMenu({ icon, title, count, items, empty, testId, footer }: Props) {
  return (
    <Popover className="relative">
      <CountButton icon={icon} title={title} count={count} testId={testId} countTestId={`${testId}-count`} />
      <PopoverPanel
        anchor="bottom end"
        className="z-50 w-80 rounded-xl border border-line bg-surface p-1 text-sm shadow-pop [--anchor-gap:6px] focus:outline-none"
      >
        {({ close }) => (
          <>
            <p className="px-3 pt-2 pb-1.5 text-xs font-semibold tracking-wide text-subtle uppercase">{title}</p>
            {items.length === 0 ? (
              <p className="px-3 py-4 text-center text-muted">{empty}</p>
            ) : (
              items.slice(0, 10).map((it) => (
                <button
                  key={it.key}
                  type="button"
                  data-testid={`${testId}-item`}
                  className="flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left hover:bg-raised"
                  onClick={() => {
                    close();
                    it.open();
                  }}
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-ink">{it.title}</span>
                    <span className="block truncate text-xs text-muted">{it.lastMessage}</span>
                  </span>
                  <span className="flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-[11px] font-bold text-white">
                    {it.unread}
                  </span>
                </button>
              ))
            )}
            {footer?.(close)}
          </>
        )}
      </PopoverPanel>
    </Popover>
  );
}
