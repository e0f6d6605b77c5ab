import { useSignals } from "@preact/signals-react/runtime";
import { listQuickMessages, type QuickMessage } from "../../api/quickMessages";
import { Badge } from "../../components/Badge";
import { CrudPage } from "../../components/CrudPage";
import type { Column } from "../../components/ListPage";
import { Icon } from "../../components/Icon";
import { t } from "../../i18n";
import { useCrudList } from "../../lib/useCrudList";
import { paged } from "../../lib/usePagedList";
import { allowed, user } from "../../stores/session";
import { QUICK_MESSAGES, QuickMessageModal } from "./QuickMessageModal";

/** The table's columns (edit and delete come last, from CrudPage). */
const COLUMNS: Column<QuickMessage>[] = [
  {
    label: "quickMessages.shortcode",
    className: "font-mono font-medium text-ink",
    cell: (q) => (
      <>
        /{q.shortcode}
        {q.isMedia && <Icon name="paperclip" className="ml-1.5 inline size-3.5 text-subtle" label={q.mediaName ?? ""} />}
      </>
    ),
  },
  { label: "quickMessages.message", from: "md", className: "max-w-md truncate text-muted", cell: (q) => q.message },
  {
    label: "quickMessages.scope",
    cell: (q) => (
      <>
        <Badge tone={q.geral ? "brand" : "neutral"}>{t(q.geral ? "quickMessages.geral" : "quickMessages.personal")}</Badge>
        {!q.status && (
          <span className="ml-1.5">
            <Badge tone="warning">{t("quickMessages.inactive")}</Badge>
          </span>
        )}
      </>
    ),
  },
];

/** /quick-messages: own and company-wide (geral) shortcuts; authors edit theirs, admins any geral one. */
export default function QuickMessagesPage() {
  useSignals();
  const { page } = useCrudList(QUICK_MESSAGES, paged(listQuickMessages, "records"), { titleParams: (q) => ({ shortcode: q.shortcode }) });
  const mayEdit = (q: QuickMessage) => q.userId === user.value?.id || (q.geral && allowed("quick-messages:editShared"));
  return (
    <CrudPage
      page={page}
      columns={COLUMNS}
      icon="bolt"
      rowClass={(q) => `hover:bg-raised/60 ${q.status ? "" : "opacity-60"}`}
      mayEdit={mayEdit}
      mayDelete={mayEdit}
      editor={QuickMessageModal}
    />
  );
}
