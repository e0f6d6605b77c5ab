import type { Ticket } from "../../api/tickets";
import { Menu } from "../../components/Menu";
import { Icon } from "../../components/Icon";
import { useT } from "../../i18n";
import { formatBody, withoutAutomaticHeader } from "../tickets/format";

export interface LaneRef {
  /** null: the first lane, "Em aberto". */
  id: number | null;
  name: string;
}

/** A ticket on the board: contact, last message and tags; drag it to a lane, or use "Mover para" (keyboard, touch). */
export function KanbanCard({
  ticket,
  lanes,
  current,
  onOpen,
  onMove,
}: {
  ticket: Ticket;
  lanes: LaneRef[];
  current: number | null;
  onOpen: () => void;
  onMove: (lane: number | null) => void;
}) {
  const t = useT();
  return (
    <li
      draggable
      onDragStart={(e) => {
        e.dataTransfer.setData("text/plain", String(ticket.id));
        e.dataTransfer.effectAllowed = "move";
      }}
      data-testid="kanban-card"
      className="group relative cursor-grab rounded-lg border border-line bg-surface p-3 shadow-sm active:cursor-grabbing"
    >
      <button type="button" onClick={onOpen} className="block w-full pr-7 text-left">
        <span className="block truncate text-sm font-semibold text-ink">{ticket.contact.name}</span>
        {/* The last message as the chat shows it (bold, italic…), never its raw *markers*. */}
        <span className="mt-0.5 line-clamp-2 text-xs break-words whitespace-pre-line text-muted" data-testid="kanban-last-message">
          {ticket.lastMessage ? formatBody(withoutAutomaticHeader(ticket.lastMessage), { links: false }) : "—"}
        </span>
      </button>
      {ticket.tags.length > 0 && (
        <span className="mt-2 flex flex-wrap gap-1">
          {ticket.tags.map((tag) => (
            <span key={tag.id} className="rounded-full px-2 py-0.5 text-[11px] font-medium text-white" style={{ backgroundColor: tag.color }}>
              {tag.name}
            </span>
          ))}
        </span>
      )}
      <div className="absolute top-2 right-1">
        <Menu
          label={t("kanban.moveTo")}
          trigger={<Icon name="more" className="size-4" />}
          items={lanes.filter((l) => l.id !== current).map((l) => ({ label: t("kanban.moveToLane", { lane: l.name }), onSelect: () => onMove(l.id) }))}
        />
      </div>
    </li>
  );
}
