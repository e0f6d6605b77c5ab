import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import type { Ticket } from "../../../api/tickets";
import { EmptyState } from "../../../components/EmptyState";
import { Spinner } from "../../../components/Spinner";
import { useT } from "../../../i18n";
import { connections, connectionsLoaded, ensureConnections } from "../../../stores/connections";
import { allowed } from "../../../stores/session";
import { toastError } from "../../../stores/toast";
import { currentTicket, type ListKey, lists, loadList } from "../../../stores/tickets";
import { PeekDialog } from "./PeekDialog";
import { CARD_HEIGHT, TicketCard } from "./TicketCard";
import { VirtualList } from "./VirtualList";

/**
 * An empty list says what to do next: with no connection yet, add one (or try the Sandbox phone);
 * an agent is told to ask an administrator.
 */
function TicketsEmpty({ listKey }: { listKey: ListKey }) {
  useSignals();
  const t = useT();
  useEffect(ensureConnections, []);
  const none = connectionsLoaded.value && connections.value.length === 0 && listKey !== "search";
  if (!none) return <EmptyState icon="inbox" title={t(`tickets.empty.${listKey}`)} hint={t("tickets.empty.hint")} />;
  const admin = allowed("connections-page:addConnection");
  return (
    <EmptyState
      icon="globe"
      title={t("tickets.empty.noConnection")}
      hint={t(admin ? "tickets.empty.noConnectionHint" : "tickets.empty.noConnectionAgent")}
      action={
        admin ? (
          <Link
            href="/connections"
            className="inline-flex h-9 items-center rounded-lg bg-brand-600 px-3.5 text-sm font-medium text-white hover:bg-brand-700 dark:bg-brand-500 dark:text-brand-950"
            data-testid="empty-add-connection"
          >
            {t("tickets.empty.addConnection")}
          </Link>
        ) : undefined
      }
    />
  );
}

/** One ticket list (open, pending, closed or search), virtualised, with infinite scroll. */
export function TicketList({ listKey }: { listKey: ListKey }) {
  useSignals();
  const t = useT();
  const state = lists[listKey].value;
  const [peeking, setPeeking] = useState<Ticket | null>(null);
  const peek = allowed("tickets:peek");
  const currentId = currentTicket.value?.id;

  const more = () => {
    if (state.hasMore && !state.loading) loadList(listKey, true).catch(toastError);
  };

  if (state.page > 0 && !state.loading && state.tickets.length === 0) {
    return (
      <div className="flex-1 overflow-auto" data-testid={`list-${listKey}`}>
        <TicketsEmpty listKey={listKey} />
      </div>
    );
  }
  return (
    <>
      <VirtualList
        testId={`list-${listKey}`}
        items={state.tickets}
        rowHeight={CARD_HEIGHT}
        itemKey={(x) => x.id}
        onNearEnd={more}
        render={(ticket) => <TicketCard ticket={ticket} selected={ticket.id === currentId} onPeek={peek ? setPeeking : undefined} />}
        footer={
          state.loading ? (
            <div className="flex justify-center py-4 text-brand-600">
              <Spinner label={t("common.loadMore")} />
            </div>
          ) : null
        }
      />
      <PeekDialog ticket={peeking} onClose={() => setPeeking(null)} />
    </>
  );
}
