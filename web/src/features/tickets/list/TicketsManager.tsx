import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { listQueues } from "../../../api/queues";
import type { QueueRef } from "../../../api/types";
import { Button } from "../../../components/Button";
import { Icon } from "../../../components/Icon";
import { useT } from "../../../i18n";
import { join, leave, onSocketReady } from "../../../realtime/socket";
import { allowed, isAdmin, user } from "../../../stores/session";
import { toastError } from "../../../stores/toast";
import { counts, type ListKey, loadList, openSubTab, searchFilters, selectedQueueIds, setSelectedQueues, showAll } from "../../../stores/tickets";
import { NewTicketModal } from "../modals/NewTicketModal";
import { canAskNotifications } from "../notify";
import { enablePush } from "../../notifications/push";
import { ChipSelect } from "./ChipSelect";
import { SearchFilters } from "./SearchFilters";
import { TabBar } from "./TabBar";
import { TicketList } from "./TicketList";

type Tab = "open" | "closed" | "search";
const STATUSES = ["open", "pending", "closed"] as const;

/** The ticket list column: tabs, filters, New ticket, show-all, queue filter, and the list itself. */
export function TicketsManager() {
  useSignals();
  const t = useT();
  const [tab, setTab] = useState<Tab>("open");
  const [creating, setCreating] = useState(false);
  const [queues, setQueues] = useState<QueueRef[]>(user.peek()?.queues ?? []);
  const [ask, setAsk] = useState(canAskNotifications());
  const c = counts.value;

  useEffect(() => {
    for (const status of STATUSES) join({ type: "joinTickets", status });
    if (isAdmin.peek()) listQueues().then(setQueues, () => undefined);
    return () => {
      for (const status of STATUSES) leave({ type: "leaveTickets", status }, { type: "joinTickets", status });
    };
  }, []);

  const reload = JSON.stringify([showAll.value, selectedQueueIds.value, tab === "search" ? searchFilters.value : null]);
  const sub = openSubTab.value;
  const key: ListKey = tab === "open" ? sub : tab;
  // Both open sub-lists load together so each badge has its count.
  useEffect(() => {
    const load = () => {
      for (const k of tab === "open" ? (["open", "pending"] as const) : [tab]) loadList(k).catch(toastError);
    };
    load();
    // After a reconnect the socket applies the tickets that changed meanwhile; when it could not
    // (too many changes, a failed call), reload what is on screen.
    return onSocketReady((caughtUp) => caughtUp || load());
  }, [tab, reload]);
  const askPermission = () => {
    void enablePush()
      .catch(toastError)
      .finally(() => setAsk(false));
  };

  return (
    <div className="flex h-full min-h-0 flex-col bg-surface" data-testid="tickets-manager">
      <TabBar<Tab>
        testPrefix="main"
        value={tab}
        onChange={setTab}
        items={[
          { key: "open", label: t("tickets.tabs.open"), icon: <Icon name="inbox" className="size-4" /> },
          { key: "closed", label: t("tickets.tabs.closed"), icon: <Icon name="checkCircle" className="size-4" /> },
          { key: "search", label: t("tickets.tabs.search"), icon: <Icon name="search" className="size-4" /> },
        ]}
      />
      <div className="flex items-center gap-2 border-b border-line px-3 py-2">
        <Button size="sm" icon="plus" onClick={() => setCreating(true)} data-testid="new-ticket">
          {t("tickets.new")}
        </Button>
        {allowed("tickets-manager:showall") && (
          <label className="flex shrink-0 cursor-pointer items-center gap-1.5 text-xs font-medium text-muted select-none" title={t("tickets.showAllHint")}>
            <input
              type="checkbox"
              className="size-3.5 accent-brand-600"
              checked={showAll.value}
              onChange={(e) => (showAll.value = e.target.checked)}
              data-testid="show-all"
            />
            {t("tickets.showAll")}
          </label>
        )}
        <div className="ml-auto flex min-w-0 max-w-44 flex-1 justify-end">
          <ChipSelect label={t("tickets.queues")} options={queues} value={selectedQueueIds.value} onChange={setSelectedQueues} testId="queue-filter" />
        </div>
      </div>
      {tab === "open" && (
        <div className="border-b border-line px-3 py-2">
          <TabBar<"open" | "pending">
            variant="pill"
            value={sub}
            onChange={(k) => (openSubTab.value = k)}
            items={[
              { key: "open", label: t("tickets.tabs.assigned"), badge: c.open },
              { key: "pending", label: t("tickets.tabs.pending"), badge: c.pending },
            ]}
          />
        </div>
      )}
      {tab === "search" && <SearchFilters />}
      {ask && (
        <div className="flex items-center gap-2 border-b border-line bg-sky-50 px-3 py-2 text-xs text-sky-900 dark:bg-sky-500/10 dark:text-sky-200">
          <Icon name="bell" className="size-4 shrink-0" />
          <span className="flex-1">{t("tickets.notifyAsk")}</span>
          <button type="button" className="font-semibold underline" onClick={askPermission}>
            {t("tickets.notifyEnable")}
          </button>
          <button type="button" aria-label={t("common.close")} onClick={() => setAsk(false)}>
            <Icon name="close" className="size-3.5" />
          </button>
        </div>
      )}
      <TicketList key={key} listKey={key} />
      <NewTicketModal open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
