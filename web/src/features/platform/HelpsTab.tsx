import { useSignals } from "@preact/signals-react/runtime";
import { deleteHelp, type Help, listHelps } from "../../api/helps";
import { CrudPage, RowActions } from "../../components/CrudPage";
import { ListTable, tdClass } from "../../components/ListPage";
import { useT } from "../../i18n";
import { useCrud } from "../../lib/useCrud";
import { usePagedList } from "../../lib/usePagedList";
import { HelpModal } from "./HelpModal";
import { helpsStore } from "./stores";

const fetchPage = (s: string, p: number) => listHelps(s, p).then((r) => ({ items: r.helps, count: r.count, hasMore: r.hasMore }));

/** Settings › Ajuda (super users): the help videos (title, video code, description). */
export function HelpsTab() {
  useSignals();
  const t = useT();
  const list = usePagedList(helpsStore, fetchPage);
  const crud = useCrud<Help>({ area: "helps", remove: deleteHelp, store: helpsStore, list, titleParams: (h) => ({ name: h.title }) });
  const rows = helpsStore.items.value;
  return (
    <CrudPage
      area="helps"
      testId="helps-scroll"
      icon="video"
      list={list}
      itemCount={rows.length}
      crud={crud}
      addTestId="help-add"
      dialogs={<HelpModal {...crud.editor} onCreated={() => list.setCount((c) => c + 1)} />}
    >
      <ListTable
        loading={list.loading}
        columns={[
          { label: t("helps.titleField") },
          { label: t("helps.video"), className: "hidden sm:table-cell" },
          { label: t("helps.description"), className: "hidden md:table-cell" },
          { label: t("common.actions"), className: "text-right" },
        ]}
      >
        {rows.map((h) => (
          <tr key={h.id} data-testid="help-row" className="hover:bg-raised/60">
            <td className={`${tdClass} font-medium text-ink`}>{h.title}</td>
            <td className={`${tdClass} hidden font-mono text-xs text-muted sm:table-cell`}>{h.video}</td>
            <td className={`${tdClass} hidden max-w-xs truncate text-muted md:table-cell`}>{h.description}</td>
            <RowActions onEdit={() => crud.edit(h.id)} onDelete={() => crud.askDelete(h)} />
          </tr>
        ))}
      </ListTable>
    </CrudPage>
  );
}
