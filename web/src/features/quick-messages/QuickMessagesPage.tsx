import { useSignals } from "@preact/signals-react/runtime";
import { deleteQuickMessage, listQuickMessages, type QuickMessage } from "../../api/quickMessages";
import { Badge } from "../../components/Badge";
import { CrudPage, RowActions } from "../../components/CrudPage";
import { Icon } from "../../components/Icon";
import { ListTable, tdClass } from "../../components/ListPage";
import { useT } from "../../i18n";
import { useCrud } from "../../lib/useCrud";
import { usePagedList } from "../../lib/usePagedList";
import { quickMessagesStore } from "../../stores/lists";
import { allowed, user } from "../../stores/session";
import { QuickMessageModal } from "./QuickMessageModal";

const fetchPage = (s: string, p: number) => listQuickMessages(s, p).then((r) => ({ items: r.records, count: r.count, hasMore: r.hasMore }));

/** /quick-messages: own and company-wide (geral) shortcuts; authors edit theirs, admins any geral one. */
export default function QuickMessagesPage() {
  useSignals();
  const t = useT();
  const list = usePagedList(quickMessagesStore, fetchPage);
  const crud = useCrud<QuickMessage>({
    area: "quickMessages",
    remove: deleteQuickMessage,
    store: quickMessagesStore,
    list,
    titleParams: (q) => ({ shortcode: q.shortcode }),
  });
  const items = quickMessagesStore.items.value;
  const mayEdit = (q: QuickMessage) => q.userId === user.value?.id || (q.geral && allowed("quick-messages:editShared"));

  return (
    <CrudPage
      area="quickMessages"
      testId="quick-messages-scroll"
      icon="bolt"
      list={list}
      itemCount={items.length}
      crud={crud}
      dialogs={<QuickMessageModal {...crud.editor} onCreated={() => list.setCount((c) => c + 1)} />}
    >
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
            <RowActions onEdit={mayEdit(q) ? () => crud.edit(q.id) : undefined} onDelete={mayEdit(q) ? () => crud.askDelete(q) : undefined} />
          </tr>
        ))}
      </ListTable>
    </CrudPage>
  );
}
