import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { deleteQueue, listQueues, type Queue } from "../../api/queues";
import { Button, IconButton } from "../../components/Button";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyState } from "../../components/EmptyState";
import { ListPage, ListTable, tdClass } from "../../components/ListPage";
import { Spinner } from "../../components/Spinner";
import { useT } from "../../i18n";
import { queuesStore } from "../../stores/lists";
import { allowed } from "../../stores/session";
import { toast, toastError } from "../../stores/toast";
import { QueueModal } from "./QueueModal";

/** /queues: the company's queues (few, by plan) with add/edit/delete for admins. */
export default function QueuesPage() {
  useSignals();
  const t = useT();
  const manage = allowed("queues:manage");
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Queue | null>(null);
  // Menu order: orderQueue (unset last), then name, as the server lists them; live upserts keep it.
  const queues = [...queuesStore.items.value].sort((a, b) => (a.orderQueue ?? 1e9) - (b.orderQueue ?? 1e9) || a.name.localeCompare(b.name));

  useEffect(() => {
    setLoading(true);
    listQueues()
      .then((list) => queuesStore.put(list, false, false), toastError)
      .finally(() => setLoading(false));
  }, [queuesStore.reloads.value]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteQueue(deleting.id);
      queuesStore.remove(deleting.id);
      toast("success", t("queues.deleted"));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <ListPage
      title={t("queues.title")}
      count={t("queues.total", { count: queues.length })}
      loading={loading}
      itemCount={queues.length}
      testId="queues-scroll"
      actions={
        manage && (
          <Button icon="plus" onClick={() => setEditing(null)}>
            {t("queues.add")}
          </Button>
        )
      }
    >
      {loading && queues.length === 0 ? (
        <Spinner className="mx-auto my-10 size-6 text-brand-600" />
      ) : queues.length === 0 ? (
        <EmptyState icon="layers" title={t("queues.empty")} hint={manage ? t("queues.emptyHint") : undefined} />
      ) : (
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
              {manage && (
                <td className={`${tdClass} py-2 text-right whitespace-nowrap`}>
                  <IconButton icon="edit" label={t("common.edit")} onClick={() => setEditing(q.id)} />
                  <IconButton icon="trash" label={t("common.delete")} tone="danger" onClick={() => setDeleting(q)} />
                </td>
              )}
            </tr>
          ))}
        </ListTable>
      )}
      <QueueModal open={editing !== undefined} queueId={editing ?? null} onClose={() => setEditing(undefined)} />
      <ConfirmDialog
        open={!!deleting}
        title={t("queues.deleteTitle", { name: deleting?.name ?? "" })}
        text={t("queues.deleteText")}
        confirmLabel={t("common.delete")}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </ListPage>
  );
}
