import { useSignals } from "@preact/signals-react/runtime";
import { deleteIntegration, listIntegrations, type QueueIntegration } from "../../api/integrations";
import { CrudPage, RowActions } from "../../components/CrudPage";
import { ListTable, tdClass } from "../../components/ListPage";
import { useT } from "../../i18n";
import { useCrud } from "../../lib/useCrud";
import { usePagedList } from "../../lib/usePagedList";
import { integrationsStore } from "../../stores/lists";
import { IntegrationLogo, typeLabel } from "./IntegrationLogo";
import { IntegrationModal } from "./IntegrationModal";

const fetchPage = (s: string, p: number) => listIntegrations(s, p).then((r) => ({ items: r.queueIntegrations, count: r.count, hasMore: r.hasMore }));

/** /queue-integration (R-INT-4): type logo, id, name and actions; the dialog's fields follow the type. */
export default function IntegrationsPage() {
  useSignals();
  const t = useT();
  const list = usePagedList(integrationsStore, fetchPage);
  const crud = useCrud<QueueIntegration>({ area: "integrations", remove: deleteIntegration, store: integrationsStore, list });
  const items = integrationsStore.items.value;

  return (
    <CrudPage
      area="integrations"
      testId="integrations-scroll"
      icon="puzzle"
      list={list}
      itemCount={items.length}
      crud={crud}
      dialogs={<IntegrationModal {...crud.editor} onCreated={() => list.setCount((c) => c + 1)} />}
    >
      <ListTable
        loading={list.loading}
        columns={[
          { label: t("integrations.type"), className: "w-16" },
          { label: t("integrations.id"), className: "hidden w-16 sm:table-cell" },
          { label: t("integrations.name") },
          { label: t("common.actions"), className: "text-right" },
        ]}
      >
        {items.map((i) => (
          <tr key={i.id} data-testid="integration-row" className="hover:bg-raised/60">
            <td className={tdClass}>
              <IntegrationLogo type={i.type} />
            </td>
            <td className={`${tdClass} hidden text-muted sm:table-cell`}>{i.id}</td>
            <td className={tdClass}>
              <div className="font-medium text-ink">{i.name}</div>
              <div className="text-xs text-muted">{typeLabel(i.type)}</div>
            </td>
            <RowActions onEdit={() => crud.edit(i.id)} onDelete={() => crud.askDelete(i)} />
          </tr>
        ))}
      </ListTable>
    </CrudPage>
  );
}
