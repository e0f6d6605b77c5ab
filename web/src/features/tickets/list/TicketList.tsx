import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import type { Ticket } from "../../../api/tickets";
import { EmptyState } from "../../../components/EmptyState";
import { Spinner } from "../../../components/Spinner";
import { useT } from "../../../i18n";
import { allowed } from "../../../stores/session";
import { toastError } from "../../../stores/toast";
import { currentTicket, type ListKey, lists, loadList } from "../../../stores/tickets";
import { PeekDialog } from "./PeekDialog";
import { CARD_HEIGHT, TicketCard } from "./TicketCard";
import { VirtualList } from "./VirtualList";

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
        <EmptyState icon="inbox" title={t(`tickets.empty.${listKey}`)} hint={t("tickets.empty.hint")} />
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
