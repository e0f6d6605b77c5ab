import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { BrandIcon } from "../components/BrandIcon";
import { showsInMenu } from "../guards";
import { useT } from "../i18n";
import { type RouteEntry, ROUTES, SECTIONS } from "../routes";
import { allowed, logout } from "../stores/session";
import { drawerOpen, isMobile } from "../stores/ui";
import { DrawerGroup, DrawerItem, isActive } from "./DrawerItem";

type Entry = { kind: "item"; route: RouteEntry } | { kind: "group"; key: string; routes: RouteEntry[] };

/** A section's routes in menu order, the members of a group folded at the place of the first one. */
function entries(routes: RouteEntry[]): Entry[] {
  const out: Entry[] = [];
  for (const r of routes) {
    const g = r.menu?.group;
    const open = g && out.find((e): e is Extract<Entry, { kind: "group" }> => e.kind === "group" && e.key === g.key);
    if (open) open.routes.push(r);
    else out.push(g ? { kind: "group", key: g.key, routes: [r] } : { kind: "item", route: r });
  }
  return out;
}

/** The side drawer (R-UI-4): sections gated by profile and plan, logout at the bottom. */
export function Drawer() {
  useSignals();
  const t = useT();
  const [location] = useLocation();
  const [opened, setOpened] = useState<Record<string, boolean>>({});
  const list = useRef<HTMLDivElement>(null);
  // The current page's entry stays in view (an open group low in a long menu). A block body: recent
  // Chromium answers scrollIntoView with a promise, and an effect returning one crashes React's cleanup.
  useEffect(() => {
    list.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: "nearest" });
  }, [location]);
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
  const item = (r: RouteEntry, inset = false) => (
    <DrawerItem
      key={r.path}
      href={r.menu!.href ?? r.path}
      icon={r.menu!.icon}
      label={t(r.menu!.label)}
      collapsed={collapsed}
      inset={inset}
      onClick={close}
      alert={r.menu!.alert?.() ? t(r.menu!.alert.label) : undefined}
    />
  );
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
          <BrandIcon iconClass="size-4.5" />
          {!collapsed && <span className="text-lg font-semibold tracking-tight text-ink">{t("app.name")}</span>}
        </Link>
        <div ref={list} className="flex-1 space-y-5 overflow-y-auto px-3 py-4">
          {sections.map((s) => (
            <div key={s.key} data-section={s.key}>
              {!collapsed && <p className="mb-1.5 px-3 text-[11px] font-semibold uppercase tracking-wider text-subtle">{t(s.label)}</p>}
              <div className="space-y-0.5">
                {entries(s.items).map((e) => {
                  // Icons only (collapsed drawer): a group's pages show as their own distinct icons.
                  if (e.kind === "item" || collapsed) return e.kind === "item" ? item(e.route) : e.routes.map((r) => item(r));
                  const group = e.routes[0].menu!.group!;
                  const here = e.routes.some((r) => isActive(location, r.menu!.href ?? r.path));
                  return (
                    <DrawerGroup
                      key={e.key}
                      label={t(group.label)}
                      icon={group.icon}
                      active={here}
                      open={opened[e.key] ?? here}
                      onToggle={() => setOpened({ ...opened, [e.key]: !(opened[e.key] ?? here) })}
                    >
                      {e.routes.map((r) => item(r, true))}
                    </DrawerGroup>
                  );
                })}
              </div>
            </div>
          ))}
        </div>
        <div className="border-t border-line p-3">
          <DrawerItem icon="logout" label={t("nav.logout")} collapsed={collapsed} onClick={() => void logout()} />
        </div>
      </nav>
    </>
  );
}
