import { useSignals } from "@preact/signals-react/runtime";
import { type ReactNode, Suspense, useEffect, useState } from "react";
import { Redirect } from "wouter";
import { PageSpinner } from "./components/Spinner";
import { t } from "./i18n";
import { type RouteEntry, ROUTES, SECTIONS } from "./routes";
import type { Permission } from "@contract/permissions";
import { allowed, hasFlag, status } from "./stores/session";
import { toast } from "./stores/toast";

/** Access values that are not a permission. */
const BASIC_ACCESS = new Set(["guest", "open", "private"]);

/** True when the signed-in user passes the entry's permission and feature conditions. */
export function canOpen(entry: RouteEntry): boolean {
  if (!BASIC_ACCESS.has(entry.access) && !allowed(entry.access as Permission)) return false;
  if (entry.flag && !hasFlag(entry.flag)) return false;
  return true;
}

/** True when the drawer shows the entry's item (route allowed, item permission, section permission). */
export function showsInMenu(entry: RouteEntry): boolean {
  if (!entry.menu || !canOpen(entry)) return false;
  if (entry.menu.permission && !allowed(entry.menu.permission)) return false;
  const section = SECTIONS.find((s) => s.key === entry.menu?.section);
  return !section?.permission || allowed(section.permission);
}

/** The first attendance page the user may open, or null while none exists yet. */
export function landingPath(): string | null {
  const first = ROUTES.filter((r) => r.menu?.section === "attendance" && showsInMenu(r)).sort((a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0))[0];
  return first ? (first.menu?.href ?? first.path) : null;
}

/** A refused route: a notice, then the landing page (at once, or after 1 s to / when the route has its own notice). */
function Denied({ entry }: { entry: RouteEntry }) {
  const [go, setGo] = useState(!entry.deniedText);
  useEffect(() => {
    toast("error", t(entry.deniedText ?? "access.denied"));
    if (!entry.deniedText) return;
    const id = setTimeout(() => setGo(true), 1000);
    return () => clearTimeout(id);
  }, []);
  if (!go) return null;
  return <Redirect to={entry.deniedText ? "/" : (landingPath() ?? "/")} replace />;
}

/** Renders a route's page when its access rule passes, otherwise redirects (R-UI-1). */
export function Guard({ entry, children }: { entry: RouteEntry; children?: ReactNode }) {
  useSignals();
  const s = status.value;
  if (s === "loading") return <PageSpinner />;
  if (entry.access === "guest" && s === "authenticated") return <Redirect to="/" replace />;
  if (entry.access !== "guest" && entry.access !== "open") {
    if (s !== "authenticated") return <Redirect to="/login" replace />;
    if (!canOpen(entry)) return <Denied entry={entry} />;
  }
  const Page = entry.page;
  return <Suspense fallback={<PageSpinner />}>{children ?? <Page />}</Suspense>;
}
