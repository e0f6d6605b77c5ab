import { useSignals } from "@preact/signals-react/runtime";
import { Link, useLocation } from "wouter";
import { Icon, type IconName } from "../components/Icon";
import { showsInMenu } from "../guards";
import { useT } from "../i18n";
import { ROUTES, SECTIONS } from "../routes";
import { allowed, logout } from "../stores/session";
import { drawerOpen, isMobile } from "../stores/ui";

function Item({
  href,
  icon,
  label,
  collapsed,
  onClick,
  alert,
}: {
  href?: string;
  icon: IconName;
  label: string;
  collapsed: boolean;
  onClick?: () => void;
  alert?: string;
}) {
  const [location] = useLocation();
  const active = href !== undefined && (href === "/" ? location === "/" : location === href || location.startsWith(`${href}/`));
  const cls = `group relative flex h-10 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors ${
    active ? "bg-brand-50 text-brand-800 dark:bg-brand-500/15 dark:text-brand-200" : "text-muted hover:bg-raised hover:text-ink"
  } ${collapsed ? "justify-center px-0" : ""}`;
  const inner = (
    <>
      <Icon name={icon} className={`size-5 shrink-0 ${active ? "text-brand-600 dark:text-brand-300" : ""}`} />
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

/** The side drawer (R-UI-4): sections gated by profile and plan, logout at the bottom. */
export function Drawer() {
  useSignals();
  const t = useT();
  const mobile = isMobile.value;
  const open = drawerOpen.value;
  const collapsed = !mobile && !open;
  const close = () => {
    if (mobile) drawerOpen.value = false;
  };
  const sections = SECTIONS.filter((s) => !s.permission || allowed(s.permission))
    .map((s) => ({
      ...s,
      items: ROUTES.filter((r) => r.menu?.section === s.key && showsInMenu(r)).sort((a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0)),
    }))
    .filter((s) => s.items.length > 0);
  if (mobile && !open) return null;
  return (
    <>
      {mobile && <div className="fixed inset-0 z-30 bg-slate-950/40" onClick={close} aria-hidden />}
      <nav
        aria-label={t("app.name")}
        className={`fixed inset-y-0 left-0 z-40 flex flex-col border-r border-line bg-surface transition-[width] duration-200 ${collapsed ? "w-[72px]" : "w-64"} ${mobile ? "shadow-pop" : ""}`}
      >
        <Link
          href="/"
          onClick={close}
          className={`flex h-16 shrink-0 items-center gap-2.5 border-b border-line px-5 ${collapsed ? "justify-center px-0" : ""}`}
        >
          <span className="flex size-8 items-center justify-center rounded-lg bg-brand-600 text-white dark:bg-brand-500 dark:text-brand-950">
            <Icon name="chat" className="size-4.5" />
          </span>
          {!collapsed && <span className="text-lg font-semibold tracking-tight text-ink">{t("app.name")}</span>}
        </Link>
        <div className="flex-1 space-y-5 overflow-y-auto px-3 py-4">
          {sections.map((s) => (
            <div key={s.key} data-section={s.key}>
              {!collapsed && <p className="mb-1.5 px-3 text-[11px] font-semibold uppercase tracking-wider text-subtle">{t(s.label)}</p>}
              <div className="space-y-0.5">
                {s.items.map((r) => (
                  <Item
                    key={r.path}
                    href={r.menu!.href ?? r.path}
                    icon={r.menu!.icon}
                    label={t(r.menu!.label)}
                    collapsed={collapsed}
                    onClick={close}
                    alert={r.menu!.alert?.() ? t(r.menu!.alert.label) : undefined}
                  />
                ))}
              </div>
            </div>
          ))}
        </div>
        <div className="border-t border-line p-3">
          <Item icon="logout" label={t("nav.logout")} collapsed={collapsed} onClick={() => void logout()} />
        </div>
      </nav>
    </>
  );
}
