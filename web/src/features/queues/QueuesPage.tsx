import { useSignals } from "@preact/signals-react/runtime";
import { deleteQueue, listQueues, type Queue } from "../../api/queues";
import { CrudPage, RowActions } from "../../components/CrudPage";
import { ListTable, tdClass } from "../../components/ListPage";
import { useT } from "../../i18n";
import { useCrud } from "../../lib/useCrud";
import { useWholeList } from "../../lib/useWholeList";
import { queuesStore } from "../../stores/lists";
import { allowed } from "../../stores/session";
import { QueueModal } from "./QueueModal";

/** /queues: the company's queues (few, by plan) with add/edit/delete for admins. */
export default function QueuesPage() {
  useSignals();
  const t = useT();
  const manage = allowed("queues:manage");
  const list = useWholeList(queuesStore, listQueues);
  const crud = useCrud<Queue>({ area: "queues", remove: deleteQueue, store: queuesStore });
  // Menu order: orderQueue (unset last), then creation, as the server lists them; live upserts keep it.
  const queues = [...queuesStore.items.value].sort((a, b) => (a.orderQueue ?? 1e9) - (b.orderQueue ?? 1e9) || a.id - b.id);

  return (
    <CrudPage
      area="queues"
      testId="queues-scroll"
      icon="layers"
      list={list}
      itemCount={queues.length}
      crud={crud}
      canAdd={manage}
      emptyHint={manage}
      dialogs={<QueueModal {...crud.editor} />}
    >
      <ListTable
        columns={[
          { label: t("queues.name") },
          { label: t("queues.greeting"), className: "hidden md:table-cell" },
          { label: t("queues.order") },
          manage && { label: t("common.actions"), className: "text-right" },
        ]}
      >
        {queues.map((q) => (
          <tr key={q.id} data-testid="queue-row" className="hover:bg-raised/60">
            <td className={tdClass}>
              <span className="flex items-center gap-2.5 font-medium text-ink">
                <span className="size-3.5 shrink-0 rounded-full ring-1 ring-black/10" style={{ backgroundColor: q.color }} />
                {q.name}
              </span>
            </td>
            <td className={`${tdClass} hidden max-w-md truncate text-muted md:table-cell`}>{q.greetingMessage}</td>
            <td className={`${tdClass} text-muted`}>{q.orderQueue ?? "—"}</td>
            {manage && <RowActions onEdit={() => crud.edit(q.id)} onDelete={() => crud.askDelete(q)} />}
          </tr>
        ))}
      </ListTable>
    </CrudPage>
  );
}
