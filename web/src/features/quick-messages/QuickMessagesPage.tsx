import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { deleteQuickMessage, listQuickMessages, type QuickMessage } from "../../api/quickMessages";
import { Badge } from "../../components/Badge";
import { Button, IconButton } from "../../components/Button";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyState } from "../../components/EmptyState";
import { Icon } from "../../components/Icon";
import { ListPage, ListTable, tdClass } from "../../components/ListPage";
import { useT } from "../../i18n";
import { usePagedList } from "../../lib/usePagedList";
import { quickMessagesStore } from "../../stores/lists";
import { isAdmin, user } from "../../stores/session";
import { toast, toastError } from "../../stores/toast";
import { QuickMessageModal } from "./QuickMessageModal";

const fetchPage = (s: string, p: number) => listQuickMessages(s, p).then((r) => ({ items: r.records, count: r.count, hasMore: r.hasMore }));

/** /quick-messages: own and company-wide (geral) shortcuts; authors edit theirs, admins any geral one. */
export default function QuickMessagesPage() {
  useSignals();
  const t = useT();
  const list = usePagedList(quickMessagesStore, fetchPage);
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<QuickMessage | null>(null);
  const items = quickMessagesStore.items.value;
  const mayEdit = (q: QuickMessage) => q.userId === user.value?.id || (q.geral && isAdmin.value);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteQuickMessage(deleting.id);
      quickMessagesStore.remove(deleting.id);
      list.setCount((c) => Math.max(0, c - 1));
      toast("success", t("quickMessages.deleted"));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <ListPage
      title={t("quickMessages.title")}
      count={t("quickMessages.total", { count: list.count })}
      search={list.search}
      onSearch={list.setSearch}
      searchPlaceholder={t("quickMessages.search")}
      loading={list.loading}
      itemCount={items.length}
      onLoadMore={list.loadMore}
      testId="quick-messages-scroll"
      actions={
        <Button icon="plus" onClick={() => setEditing(null)}>
          {t("quickMessages.add")}
        </Button>
      }
    >
      {!list.loading && items.length === 0 ? (
        <EmptyState icon="bolt" title={t("quickMessages.empty")} hint={t("quickMessages.emptyHint")} />
      ) : (
        <ListTable
          loading={list.loading}
          columns={[
            { label: t("quickMessages.shortcode") },
            { label: t("quickMessages.message"), className: "hidden md:table-cell" },
            { label: t("quickMessages.scope") },
            { label: t("common.actions"), className: "text-right" },
          ]}
        >
          {items.map((q) => (
            <tr key={q.id} data-testid="quick-message-row" className={`hover:bg-raised/60 ${q.status ? "" : "opacity-60"}`}>
              <td className={`${tdClass} font-mono font-medium text-ink`}>
                /{q.shortcode}
                {q.isMedia && <Icon name="paperclip" className="ml-1.5 inline size-3.5 text-subtle" label={q.mediaName ?? ""} />}
              </td>
              <td className={`${tdClass} hidden max-w-md truncate text-muted md:table-cell`}>{q.message}</td>
              <td className={tdClass}>
                <Badge tone={q.geral ? "brand" : "neutral"}>{t(q.geral ? "quickMessages.geral" : "quickMessages.personal")}</Badge>
                {!q.status && (
                  <span className="ml-1.5">
                    <Badge tone="warning">{t("quickMessages.inactive")}</Badge>
                  </span>
                )}
              </td>
              <td className={`${tdClass} py-2 text-right whitespace-nowrap`}>
                {mayEdit(q) && <IconButton icon="edit" label={t("common.edit")} onClick={() => setEditing(q.id)} />}
                {mayEdit(q) && <IconButton icon="trash" label={t("common.delete")} tone="danger" onClick={() => setDeleting(q)} />}
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      <QuickMessageModal
        open={editing !== undefined}
        messageId={editing ?? null}
        onClose={() => setEditing(undefined)}
        onCreated={() => list.setCount((c) => c + 1)}
      />
      <ConfirmDialog
        open={!!deleting}
        title={t("quickMessages.deleteTitle", { shortcode: deleting?.shortcode ?? "" })}
        text={t("quickMessages.deleteText")}
        confirmLabel={t("common.delete")}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </ListPage>
  );
}
