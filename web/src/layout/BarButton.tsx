import type { ButtonHTMLAttributes } from "react";
import { Icon, type IconName } from "../components/Icon";

/** The look of every top-bar button (plain, popover and menu triggers alike). */
export const BAR_BUTTON =
  "relative inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg px-2 text-muted transition-colors hover:bg-raised hover:text-ink data-[open]:bg-raised data-[open]:text-ink";

/** A top-bar button's name, written out beside its icon where the bar has room (2xl); a tooltip elsewhere. */
export const BarLabel = ({ text }: { text: string }) => <span className="hidden text-xs font-medium whitespace-nowrap 2xl:inline">{text}</span>;

/**
 * The accessible name and tooltip of a top-bar button: aria-label for screen readers, data-tip for the
 * instant tooltip (styles.css). No native title, so two tooltips never show at once.
 */
export const barName = (label: string) => ({ "aria-label": label, "data-tip": label });

/** A plain top-bar button: icon, tooltip, label on wide screens. */
export function BarButton({ icon, label, ...rest }: { icon: IconName; label: string } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" className={BAR_BUTTON} {...barName(label)} {...rest}>
      <Icon name={icon} className="size-5" />
      <BarLabel text={label} />
    </button>
  );
}
