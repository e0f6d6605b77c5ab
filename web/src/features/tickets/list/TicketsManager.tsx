import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { listQueues } from "../../../api/queues";
import type { QueueRef } from "../../../api/types";
import { Button } from "../../../components/Button";
import { Icon } from "../../../components/Icon";
import { useT } from "../../../i18n";
import { join, leave, onSocketReady } from "../../../realtime/socket";
import { allowedNow, user } from "../../../stores/session";
import { toastError } from "../../../stores/toast";
import { counts, type ListKey, loadList, openSubTab, searchFilters, selectedQueueIds, showAll } from "../../../stores/tickets";
import { isMobile } from "../../../stores/ui";
import { NewTicketModal } from "../modals/NewTicketModal";
import { ListFilters, NotifyBanner } from "./ListControls";
import { PhoneTabs, type Tab } from "./PhoneTabs";
import { SearchFilters } from "./SearchFilters";
import { TabBar } from "./TabBar";
import { TicketList } from "./TicketList";

const STATUSES = ["open", "pending", "closed"] as const;

/**
 * The ticket list column: tabs, filters, New ticket, show-all, queue filter, and the list itself. A
 * phone gets its own layout: one row of tabs (filters folded behind a button) and New ticket as a
 * floating button, so the first ticket starts right under the bar.
 */
export function TicketsManager() {
  useSignals();
  const t = useT();
  const [tab, setTab] = useState<Tab>("open");
  const [creating, setCreating] = useState(false);
  const [queues, setQueues] = useState<QueueRef[]>(user.peek()?.queues ?? []);
  const c = counts.value;
  const phone = isMobile.value;

  useEffect(() => {
    for (const status of STATUSES) join({ type: "joinTickets", status });
    if (allowedNow("tickets:viewAll")) listQueues().then(setQueues, () => undefined);
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

  return (
    <div className="relative flex h-full min-h-0 flex-col bg-surface" data-testid="tickets-manager">
      {phone ? (
        <PhoneTabs tab={tab} onTab={setTab} queues={queues} />
      ) : (
        <>
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
            <ListFilters queues={queues} />
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
        </>
      )}
      {tab === "search" && <SearchFilters />}
      <NotifyBanner />
      <TicketList key={key} listKey={key} />
      {phone && (
        <button
          type="button"
          onClick={() => setCreating(true)}
          aria-label={t("newTicket.title")}
          title={t("newTicket.title")}
          data-testid="new-ticket"
          className="absolute right-4 bottom-4 z-10 flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-pop hover:bg-brand-700 dark:bg-brand-500 dark:text-brand-950"
        >
          <Icon name="plus" className="size-6" />
        </button>
      )}
      <NewTicketModal open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
