import { MenuButton, MenuItem, MenuItems, MenuSeparator, Menu as HMenu } from "@headlessui/react";
import { Fragment, type ReactNode } from "react";
import { Icon, type IconName } from "./Icon";

export interface MenuEntry {
  label: string;
  icon?: IconName;
  onSelect: () => void;
  active?: boolean;
  tone?: "default" | "danger";
  /** A line above the entry, starting a new group of entries. */
  divider?: boolean;
  testId?: string;
}

/**
 * A dropdown menu: any trigger content, a list of entries. `tip` names the trigger with the top bar's
 * instant tooltip instead of a native title.
 */
export function Menu({ trigger, label, items, header, tip }: { trigger: ReactNode; label: string; items: MenuEntry[]; header?: ReactNode; tip?: boolean }) {
  return (
    <HMenu>
      <MenuButton
        aria-label={label}
        title={tip ? undefined : label}
        data-tip={tip ? label : undefined}
        className="relative inline-flex h-9 items-center gap-1.5 rounded-lg px-2 text-muted transition-colors hover:bg-raised hover:text-ink data-[open]:bg-raised data-[open]:text-ink"
      >
        {trigger}
      </MenuButton>
      <MenuItems
        transition
        anchor="bottom end"
        className="z-50 min-w-48 rounded-xl border border-line bg-surface p-1 text-sm shadow-pop transition duration-100 [--anchor-gap:6px] focus:outline-none data-[closed]:scale-95 data-[closed]:opacity-0"
      >
        {header && <div className="border-b border-line px-3 pt-2 pb-2.5">{header}</div>}
        {items.map((item) => (
          <Fragment key={item.label}>
            {item.divider && <MenuSeparator className="my-1 h-px bg-line" />}
            <MenuItem>
              <button
                type="button"
                onClick={item.onSelect}
                data-testid={item.testId}
                className={`flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left data-[focus]:bg-raised ${item.tone === "danger" ? "text-red-600 dark:text-red-400" : "text-ink"}`}
              >
                {item.icon && <Icon name={item.icon} className="size-4 opacity-70" />}
                <span className="flex-1">{item.label}</span>
                {item.active && <Icon name="check" className="size-4 text-brand-600 dark:text-brand-400" />}
              </button>
            </MenuItem>
          </Fragment>
        ))}
      </MenuItems>
    </HMenu>
  );
}
