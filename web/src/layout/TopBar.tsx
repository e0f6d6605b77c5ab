import { useSignals } from "@preact/signals-react/runtime";
import { navigate } from "wouter/use-browser-location";
import { IconButton } from "../components/Button";
import { Icon } from "../components/Icon";
import { Menu } from "../components/Menu";
import { useT } from "../i18n";
import { formatDate } from "../lib/format";
import { company, hasFlag, isAdmin, logout, user } from "../stores/session";
import { drawerOpen, isMobile, toggleDrawer } from "../stores/ui";
import { LanguageMenu } from "./LanguageMenu";
import { NotificationsMenu } from "./NotificationsMenu";
import { ChatsMenu } from "./ChatsMenu";
import { AnnouncementsMenu } from "./AnnouncementsMenu";
import { ThemeToggle } from "./ThemeToggle";
import { VolumeControl } from "./VolumeControl";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join("");

/** Top bar (core.md §2.2): greeting, company, due date for admins, preferences and profile menu. */
export function TopBar({ onProfile, onNotifications }: { onProfile: () => void; onNotifications: () => void }) {
  useSignals();
  const t = useT();
  const u = user.value;
  const c = company.value;
  if (!u) return null;
  return (
    <header className="flex h-16 shrink-0 items-center gap-2 border-b border-line bg-surface/85 px-3 backdrop-blur sm:px-5">
      <IconButton icon={drawerOpen.value ? "chevronLeft" : "menu"} label={t(drawerOpen.value ? "nav.closeDrawer" : "nav.openDrawer")} onClick={toggleDrawer} />
      <div className="min-w-0 flex-1 leading-tight">
        <p className="truncate text-sm text-ink">
          <span data-testid="greeting">{t("topbar.greeting", { name: u.name })}</span>
          {c && <span className="font-semibold"> · {c.name}</span>}
        </p>
        {isAdmin.value && c?.dueDate && (
          <p className="truncate text-xs text-muted" data-testid="active-until">
            {t("topbar.activeUntil", { date: formatDate(c.dueDate) })}
          </p>
        )}
      </div>
      <div className="flex items-center gap-0.5">
        <span className="hidden min-[600px]:contents">
          <VolumeControl />
          <IconButton icon="reload" label={t("topbar.reload")} onClick={() => location.reload()} />
        </span>
        <NotificationsMenu />
        <AnnouncementsMenu />
        {hasFlag("useInternalChat") && <ChatsMenu />}
        <ThemeToggle />
        <LanguageMenu />
        <Menu
          label={t("topbar.account")}
          trigger={
            <span className="flex size-8 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800 dark:bg-brand-500/20 dark:text-brand-200">
              {initials(u.name) || <Icon name="user" className="size-4" />}
            </span>
          }
          header={
            <div className="min-w-0">
              <p className="truncate font-medium text-ink">{u.name}</p>
              <p className="truncate text-xs text-muted">{u.email}</p>
            </div>
          }
          items={[
            { label: t("topbar.profile"), icon: "user", onSelect: onProfile },
            { label: t("topbar.notifications"), icon: "bell", onSelect: onNotifications },
            { label: t("topbar.security"), icon: "shield", onSelect: () => navigate("/security") },
            // On phones the reload button leaves the bar for room; it lives here instead.
            ...(isMobile.value ? [{ label: t("topbar.reload"), icon: "reload" as const, onSelect: () => location.reload() }] : []),
            { label: t("nav.logout"), icon: "logout", onSelect: () => void logout(), tone: "danger" },
          ]}
        />
      </div>
    </header>
  );
}
