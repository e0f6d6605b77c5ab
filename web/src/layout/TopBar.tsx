import { useSignals } from "@preact/signals-react/runtime";
import { Icon } from "../components/Icon";
import { useT } from "../i18n";
import { formatDate } from "../lib/format";
import { zoneAbbreviation, zoneDiffers, zoneLabel } from "../lib/zone";
import { allowed, company, hasFlag, user } from "../stores/session";
import { drawerOpen, isMobile, toggleDrawer } from "../stores/ui";
import { AccountMenu } from "./AccountMenu";
import { AnnouncementsMenu } from "./AnnouncementsMenu";
import { BarButton, barName } from "./BarButton";
import { ChatsMenu } from "./ChatsMenu";
import { LanguageMenu } from "./LanguageMenu";
import { NotificationsMenu } from "./NotificationsMenu";
import { ThemeToggle } from "./ThemeToggle";
import { VolumeControl } from "./VolumeControl";

/** The company's zone on the bar when the browser runs in another one: every time on screen is in it. */
function ZoneChip() {
  const t = useT();
  const text = t("topbar.zone", { zone: zoneLabel() });
  return (
    <span
      role="note"
      {...barName(text)}
      data-testid="zone-chip"
      className="inline-flex h-7 shrink-0 items-center gap-1 rounded-full border border-line px-2 text-xs font-medium text-muted"
    >
      <Icon name="clock" className="size-3.5" />
      {zoneAbbreviation()}
    </span>
  );
}

/**
 * Top bar (R-UI-3): the menu toggle, greeting and company (due date for admins), then the
 * preferences and the profile menu, each named by a tooltip and, on wide screens, a label. A phone
 * keeps the greeting readable: theme, language and reload move into the profile menu.
 */
export function TopBar({ onProfile, onNotifications }: { onProfile: () => void; onNotifications: () => void }) {
  useSignals();
  const t = useT();
  const u = user.value;
  const c = company.value;
  if (!u) return null;
  const phone = isMobile.value;
  const admin = allowed("finance:view") && !!c?.dueDate;
  return (
    <header className="flex h-16 shrink-0 items-center gap-1.5 border-b border-line bg-surface/85 px-2 backdrop-blur sm:gap-2 sm:px-5" data-testid="top-bar">
      {phone ? (
        <BarButton icon="menu" label={t("nav.openDrawer")} onClick={toggleDrawer} data-tip-start="" />
      ) : (
        // Folds or unfolds the side menu: a panel icon, so it is not read as "back".
        <BarButton
          icon="sidebar"
          label={t(drawerOpen.value ? "nav.closeDrawer" : "nav.openDrawer")}
          onClick={toggleDrawer}
          data-tip-start=""
          aria-expanded={drawerOpen.value}
        />
      )}
      <div className="min-w-0 flex-1 leading-tight">
        <p className="truncate text-sm text-ink">
          <span data-testid="greeting">{t("topbar.greeting", { name: u.name })}</span>
          {c && !phone && <span className="font-semibold"> · {c.name}</span>}
        </p>
        {(phone || admin) && (
          <p className="truncate text-xs text-muted">
            {phone && c && <span className="font-semibold text-ink">{c.name}</span>}
            {phone && c && admin && " · "}
            {admin && <span data-testid="active-until">{t("topbar.activeUntil", { date: formatDate(c!.dueDate) })}</span>}
          </p>
        )}
      </div>
      <div className="flex items-center gap-0.5">
        {!phone && zoneDiffers() && <ZoneChip />}
        {!phone && (
          <>
            <VolumeControl />
            <BarButton icon="reload" label={t("topbar.reload")} onClick={() => location.reload()} />
          </>
        )}
        <NotificationsMenu />
        <AnnouncementsMenu />
        {hasFlag("useInternalChat") && <ChatsMenu />}
        {!phone && (
          <>
            <ThemeToggle />
            <LanguageMenu />
          </>
        )}
        <AccountMenu onProfile={onProfile} onNotifications={onNotifications} />
      </div>
    </header>
  );
}
