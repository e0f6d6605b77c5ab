import { Popover, PopoverPanel } from "@headlessui/react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect } from "react";
import { Time } from "../components/Time";
import { useT } from "../i18n";
import { onSocketReady } from "../realtime/socket";
import { activeAnnouncements, markAnnouncementsSeen, refreshAnnouncements, unseenAnnouncements } from "../stores/announcements";
import { CountButton } from "./UnreadMenu";

const PRIORITY_DOT: Record<number, string> = { 1: "bg-red-500", 2: "bg-amber-500", 3: "bg-sky-500" };

/** Top-bar announcements popover: every active announcement for every user, newest first; a badge counts unseen ones. */
export function AnnouncementsMenu() {
  useSignals();
  const t = useT();
  useEffect(() => {
    void refreshAnnouncements();
    return onSocketReady(() => void refreshAnnouncements());
  }, []);
  const n = unseenAnnouncements.value;
  const list = activeAnnouncements.value;
  return (
    <Popover className="relative">
      <CountButton
        icon="megaphone"
        title={t("announcements.popover")}
        count={n}
        testId="announcements-menu"
        countTestId="announcements-count"
        onClick={markAnnouncementsSeen}
      />
      <PopoverPanel
        anchor="bottom end"
        className="z-50 max-h-[70vh] w-96 max-w-[calc(100vw-1rem)] overflow-auto rounded-xl border border-line bg-surface p-1 text-sm shadow-pop [--anchor-gap:6px] focus:outline-none"
      >
        <p className="px-3 pt-2 pb-1.5 text-xs font-semibold tracking-wide text-subtle uppercase">{t("announcements.popover")}</p>
        {list.length === 0 ? (
          <p className="px-3 py-4 text-center text-muted">{t("announcements.none")}</p>
        ) : (
          list.map((a) => (
            <article key={a.id} className="rounded-lg px-3 py-2.5" data-testid="announcement-item">
              <h3 className="flex items-center gap-2 font-semibold text-ink">
                <span
                  className={`size-2 shrink-0 rounded-full ${PRIORITY_DOT[a.priority] ?? PRIORITY_DOT[3]}`}
                  title={t(`announcements.priorities.${a.priority}`)}
                />
                <span className="min-w-0 truncate">{a.title}</span>
              </h3>
              <p className="mt-1 text-muted whitespace-pre-wrap break-words">{a.text}</p>
              {a.mediaUrl && <img src={a.mediaUrl} alt={a.mediaName ?? ""} loading="lazy" className="mt-2 max-h-48 rounded-lg border border-line" />}
              <Time at={a.createdAt} kind="full" className="mt-1 block text-[11px] text-subtle" />
            </article>
          ))
        )}
      </PopoverPanel>
    </Popover>
  );
}
