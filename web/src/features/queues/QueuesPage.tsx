import { useSignals } from "@preact/signals-react/runtime";
import { listQueues, type Queue } from "../../api/queues";
import { Swatch } from "../../components/Badge";
import { CrudPage } from "../../components/CrudPage";
import type { Column } from "../../components/ListPage";
import { useCrudList } from "../../lib/useCrudList";
import { whole } from "../../lib/usePagedList";
import { allowed } from "../../stores/session";
import { QUEUES, QueueModal } from "./QueueModal";

/** The table's columns (edit and delete come last, from CrudPage). */
const COLUMNS: Column<Queue>[] = [
  {
    label: "queues.name",
    cell: (q) => (
      <span className="flex items-center gap-2.5 font-medium text-ink">
        <Swatch color={q.color} className="size-3.5 ring-1 ring-black/10" />
        {q.name}
      </span>
    ),
  },
  { label: "queues.greeting", from: "md", className: "max-w-md truncate text-muted", cell: (q) => q.greetingMessage },
  { label: "queues.order", className: "text-muted", cell: (q) => q.orderQueue ?? "—" },
];

/** /queues: the company's queues (few, by plan) with add/edit/delete for admins. */
export default function QueuesPage() {
  useSignals();
  const manage = allowed("queues:manage");
  const { page } = useCrudList(QUEUES, whole(listQueues));
  // Menu order: orderQueue (unset last), then creation, as the server lists them; live upserts keep it.
  const items = [...page.items].sort((a, b) => (a.orderQueue ?? 1e9) - (b.orderQueue ?? 1e9) || a.id - b.id);
  return <CrudPage page={{ ...page, items }} columns={COLUMNS} icon="layers" canAdd={manage} editor={QueueModal} />;
}
