import { useSignals } from "@preact/signals-react/runtime";
import type { QueueRef } from "../../../api/types";
import { Icon } from "../../../components/Icon";
import { useT } from "../../../i18n";
import { allowed } from "../../../stores/session";
import { selectedQueueIds, setSelectedQueues, showAll } from "../../../stores/tickets";
import { askNotifications, canAskNotifications, dismissNotifyBanner, notifyBannerDismissed } from "../notify";
import { ChipSelect } from "./ChipSelect";

/** The list's filters: "show all" (roles allowed to) and the queues. */
export function ListFilters({ queues, stacked = false }: { queues: QueueRef[]; stacked?: boolean }) {
  useSignals();
  const t = useT();
  return (
    <>
      {allowed("tickets-manager:showall") && (
        <label
          className={`flex shrink-0 cursor-pointer items-center gap-1.5 font-medium text-muted select-none ${stacked ? "py-1 text-sm" : "text-xs"}`}
          title={t("tickets.showAllHint")}
        >
          <input
            type="checkbox"
            className={`${stacked ? "size-4" : "size-3.5"} accent-brand-600`}
            checked={showAll.value}
            onChange={(e) => (showAll.value = e.target.checked)}
            data-testid="show-all"
          />
          {stacked ? t("tickets.showAllHint") : t("tickets.showAll")}
        </label>
      )}
      <div className={stacked ? "flex" : "ml-auto flex min-w-0 max-w-44 flex-1 justify-end"}>
        <ChipSelect label={t("tickets.queues")} options={queues} value={selectedQueueIds.value} onChange={setSelectedQueues} testId="queue-filter" />
      </div>
    </>
  );
}

/** True while a filter narrows the list (the phone's filter button shows a dot). */
export const filtering = () => showAll.value || selectedQueueIds.value.length > 0;

/** The offer to turn on notifications; dismissed, it folds into the account menu. Short where the list is narrow. */
export function NotifyBanner() {
  useSignals();
  const t = useT();
  if (notifyBannerDismissed.value || !canAskNotifications()) return null;
  return (
    <div
      className="@container flex items-center gap-2 border-b border-line bg-sky-50 px-3 py-1.5 text-xs text-sky-900 dark:bg-sky-500/10 dark:text-sky-200"
      data-testid="notify-banner"
    >
      <Icon name="bell" className="size-4 shrink-0" />
      {/* the list's column is narrow on a desktop too: the whole sentence only where it fits in a line or two */}
      <span className="min-w-0 flex-1" title={t("tickets.notifyAsk")}>
        <span className="hidden @xl:inline">{t("tickets.notifyAsk")}</span>
        <span className="@xl:hidden">{t("tickets.notifyAskShort")}</span>
      </span>
      <button type="button" className="shrink-0 font-semibold underline" onClick={() => void askNotifications()}>
        {t("tickets.notifyEnable")}
      </button>
      <button type="button" aria-label={t("tickets.notifyDismiss")} title={t("tickets.notifyDismiss")} onClick={dismissNotifyBanner} className="shrink-0 p-1">
        <Icon name="close" className="size-3.5" />
      </button>
    </div>
  );
}
