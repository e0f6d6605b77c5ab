import { useSignals } from "@preact/signals-react/runtime";
import { navigate } from "wouter/use-browser-location";
import { Icon } from "../components/Icon";
import { type MenuEntry, Menu } from "../components/Menu";
import { askNotifications, canAskNotifications } from "../features/tickets/notify";
import { useT } from "../i18n";
import { zoneDiffers, zoneLabel } from "../lib/zone";
import { logout, user } from "../stores/session";
import { isMobile, theme, toggleTheme } from "../stores/ui";
import { languageEntries } from "./LanguageMenu";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join("");

/**
 * The profile menu: profile, notification settings, security. On a phone it also holds what the bar
 * has no room for (theme, language, reload) and, while the browser has not been asked, the offer to
 * turn on notifications (where the ticket list's banner goes once dismissed).
 */
export function AccountMenu({ onProfile, onNotifications }: { onProfile: () => void; onNotifications: () => void }) {
  useSignals();
  const t = useT();
  const u = user.value;
  if (!u) return null;
  const phone = isMobile.value;
  const dark = theme.value === "dark";
  const items: MenuEntry[] = [
    { label: t("topbar.profile"), icon: "user", onSelect: onProfile },
    { label: t("topbar.notifications"), icon: "bell", onSelect: onNotifications },
    { label: t("topbar.security"), icon: "shield", onSelect: () => navigate("/security") },
    ...(canAskNotifications()
      ? [{ label: t("tickets.notifyEnable"), icon: "bellRing" as const, onSelect: () => void askNotifications(), testId: "menu-notify" }]
      : []),
    ...(phone
      ? [
          { label: t(dark ? "topbar.themeToLight" : "topbar.themeToDark"), icon: dark ? ("sun" as const) : ("moon" as const), onSelect: toggleTheme },
          { label: t("topbar.reload"), icon: "reload" as const, onSelect: () => location.reload() },
          ...languageEntries(t, true),
        ]
      : []),
    { label: t("nav.logout"), icon: "logout", onSelect: () => void logout(), tone: "danger", divider: true },
  ];
  return (
    <Menu
      label={t("topbar.account")}
      tip
      trigger={
        <span className="flex size-8 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800 dark:bg-brand-500/20 dark:text-brand-200">
          {initials(u.name) || <Icon name="user" className="size-4" />}
        </span>
      }
      header={
        <div className="min-w-0">
          <p className="truncate font-medium text-ink">{u.name}</p>
          <p className="truncate text-xs text-muted">{u.email}</p>
          {zoneDiffers() && <p className="mt-1 max-w-64 text-xs text-muted">{t("topbar.zone", { zone: zoneLabel() })}</p>}
        </div>
      }
      items={items}
    />
  );
}
