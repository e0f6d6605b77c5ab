import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { navigate } from "wouter/use-browser-location";
import { listKanbanLanes, listKanbanTickets, moveKanbanCard } from "../../api/kanban";
import type { Tag } from "../../api/tags";
import type { Ticket } from "../../api/tickets";
import { Button } from "../../components/Button";
import { EmptyState } from "../../components/EmptyState";
import { PageSpinner } from "../../components/Spinner";
import { PageTitle } from "../../components/Page";
import { useT } from "../../i18n";
import { user } from "../../stores/session";
import { toast, toastError } from "../../stores/toast";
import { KanbanCard, type LaneRef } from "./KanbanCard";
import { kanbanCards, kanbanQueues } from "./store";

/** The lane of a ticket: its first kanban tag, or null ("Em aberto"). */
const laneOf = (tk: Ticket, laneIds: Set<number>) => tk.tags.find((tag) => laneIds.has(tag.id))?.id ?? null;

/**
 * /kanban (R-TAG-3): "Em aberto" then one lane per kanban tag; the tickets the user sees in
 * their queues; dragging a card (or "Mover para") moves its kanban tag; a click opens the ticket.
 */
export default function KanbanPage() {
  useSignals();
  const t = useT();
  const [lanes, setLanes] = useState<Tag[] | null>(null);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [over, setOver] = useState<string | null>(null);
  const queueIds = (user.value?.queues ?? []).map((q) => q.id);
  const tickets = kanbanCards.value ?? [];
  const setTickets = (next: (old: Ticket[]) => Ticket[]) => {
    kanbanCards.value = next(kanbanCards.peek() ?? []);
  };

  // The board follows ticket frames while it is open (see ./store).
  useEffect(() => {
    kanbanQueues.value = queueIds;
    kanbanCards.value = [];
    return () => {
      kanbanCards.value = null;
    };
  }, [queueIds.join()]);

  useEffect(() => {
    listKanbanLanes()
      .then((r) => setLanes(r.lista))
      .catch(toastError);
  }, []);
  useEffect(() => {
    listKanbanTickets(queueIds, page)
      .then((r) => {
        // Cards held already came from frames while this page loaded (the board starts empty): they are newer.
        setTickets((old) => [...old, ...r.tickets.filter((x) => !old.some((o) => o.id === x.id))]);
        setHasMore(r.hasMore);
      })
      .catch(toastError);
  }, [page]);

  if (!lanes) return <PageSpinner />;
  const laneIds = new Set(lanes.map((l) => l.id));
  const refs: LaneRef[] = [{ id: null, name: t("kanban.open") }, ...lanes.map((l) => ({ id: l.id, name: l.name }))];

  const move = async (ticketId: number, to: number | null) => {
    const tk = tickets.find((x) => x.id === ticketId);
    if (!tk || laneOf(tk, laneIds) === to) return;
    try {
      const updated = await moveKanbanCard(ticketId, to);
      setTickets((list) => list.map((x) => (x.id === ticketId ? updated : x)));
      toast("success", t(to === null ? "kanban.removed" : "kanban.added"));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <div className="flex h-full min-h-0 flex-col gap-4 px-4 py-6 sm:px-8" data-testid="kanban-page">
      <div className="flex items-center gap-3">
        <PageTitle className="mr-auto">{t("kanban.title")}</PageTitle>
        {hasMore && (
          <Button variant="secondary" size="sm" onClick={() => setPage(page + 1)}>
            {t("kanban.more")}
          </Button>
        )}
      </div>
      {lanes.length === 0 && <EmptyState icon="tag" title={t("kanban.noLanes")} hint={t("kanban.noLanesHint")} />}
      <div className="flex min-h-0 flex-1 snap-x gap-4 overflow-x-auto pb-2">
        {refs.map((lane) => {
          const key = String(lane.id);
          const cards = tickets.filter((tk) => laneOf(tk, laneIds) === lane.id);
          return (
            <section
              key={key}
              aria-label={lane.name}
              data-testid="kanban-lane"
              onDragOver={(e) => {
                e.preventDefault();
                setOver(key);
              }}
              onDragLeave={() => setOver(null)}
              onDrop={(e) => {
                e.preventDefault();
                setOver(null);
                void move(Number(e.dataTransfer.getData("text/plain")), lane.id);
              }}
              className={`flex w-72 shrink-0 snap-start flex-col rounded-card border bg-raised/50 ${over === key ? "border-brand-500 ring-4 ring-brand-500/15" : "border-line"}`}
            >
              <h2 className="flex items-center justify-between gap-2 border-b border-line px-3 py-2.5 text-sm font-semibold text-ink">
                <span className="truncate">{lane.name}</span>
                <span className="rounded-full bg-surface px-2 text-xs text-muted">{cards.length}</span>
              </h2>
              <ul className="flex min-h-24 flex-1 flex-col gap-2 overflow-y-auto p-2">
                {cards.length === 0 && <li className="px-2 py-6 text-center text-xs text-subtle">{t("kanban.emptyLane")}</li>}
                {cards.map((tk) => (
                  <KanbanCard
                    key={tk.id}
                    ticket={tk}
                    lanes={refs}
                    current={lane.id}
                    onOpen={() => navigate(`/tickets/${tk.uuid}`)}
                    onMove={(to) => void move(tk.id, to)}
                  />
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </div>
  );
}
