import { Link, useLocation } from "wouter";
import type { ReactNode } from "react";
import { Icon, type IconName } from "../components/Icon";

/** True when the location is the item's page or one under it. */
export const isActive = (location: string, href: string) => (href === "/" ? location === "/" : location === href || location.startsWith(`${href}/`));

/** One drawer entry: a link (or a button without href), its icon, and an optional alert dot. */
export function DrawerItem({
  href,
  icon,
  label,
  collapsed,
  onClick,
  alert,
  inset = false,
}: {
  href?: string;
  icon?: IconName;
  label: string;
  collapsed: boolean;
  onClick?: () => void;
  alert?: string;
  /** Inside an open group: indented, without its own icon. */
  inset?: boolean;
}) {
  const [location] = useLocation();
  const active = href !== undefined && isActive(location, href);
  const cls = `group relative flex h-10 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors ${
    active ? "bg-brand-50 text-brand-800 dark:bg-brand-500/15 dark:text-brand-200" : "text-muted hover:bg-raised hover:text-ink"
  } ${collapsed ? "justify-center px-0" : ""} ${inset ? "h-9 pl-11" : ""}`;
  const inner = (
    <>
      {icon && !inset && <Icon name={icon} className={`size-5 shrink-0 ${active ? "text-brand-600 dark:text-brand-300" : ""}`} />}
      {!collapsed && <span className="truncate">{label}</span>}
      {alert && (
        <span
          role="status"
          title={alert}
          aria-label={alert}
          data-testid="menu-alert"
          className={`size-2.5 rounded-full bg-red-500 ring-2 ring-surface ${collapsed ? "absolute top-1.5 right-4" : "ml-auto"}`}
        />
      )}
    </>
  );
  if (href === undefined) {
    return (
      <button type="button" onClick={onClick} className={cls} title={collapsed ? label : undefined}>
        {inner}
      </button>
    );
  }
  return (
    <Link href={href} onClick={onClick} className={cls} title={collapsed ? label : undefined} aria-current={active ? "page" : undefined}>
      {inner}
    </Link>
  );
}

/** A collapsible group of entries (campaigns): open while one of its pages is showing, or when opened. */
export function DrawerGroup({
  label,
  icon,
  open,
  onToggle,
  active,
  children,
}: {
  label: string;
  icon: IconName;
  open: boolean;
  onToggle: () => void;
  active: boolean;
  children: ReactNode;
}) {
  return (
    <div data-testid="menu-group">
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={open}
        className={`flex h-10 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors hover:bg-raised hover:text-ink ${active ? "text-ink" : "text-muted"}`}
      >
        <Icon name={icon} className="size-5 shrink-0" />
        <span className="flex-1 truncate text-left">{label}</span>
        <Icon name="chevronDown" className={`size-4 shrink-0 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      {open && <div className="space-y-0.5">{children}</div>}
    </div>
  );
}
