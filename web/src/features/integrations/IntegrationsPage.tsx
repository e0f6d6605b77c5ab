import { useSignals } from "@preact/signals-react/runtime";
import { listIntegrations, type QueueIntegration } from "../../api/integrations";
import { CrudPage } from "../../components/CrudPage";
import type { Column } from "../../components/ListPage";
import { useCrudList } from "../../lib/useCrudList";
import { paged } from "../../lib/usePagedList";
import { IntegrationLogo, typeLabel } from "./IntegrationLogo";
import { INTEGRATIONS, IntegrationModal } from "./IntegrationModal";

/** The table's columns (edit and delete come last, from CrudPage). */
const COLUMNS: Column<QueueIntegration>[] = [
  { label: "integrations.type", head: "w-16", cell: (i) => <IntegrationLogo type={i.type} /> },
  { label: "integrations.id", from: "sm", head: "w-16", className: "text-muted", cell: (i) => i.id },
  {
    label: "integrations.name",
    cell: (i) => (
      <>
        <div className="font-medium text-ink">{i.name}</div>
        <div className="text-xs text-muted">{typeLabel(i.type)}</div>
      </>
    ),
  },
];

/** /queue-integration (R-INT-4): type logo, id, name and actions; the dialog's fields follow the type. */
export default function IntegrationsPage() {
  useSignals();
  const { page } = useCrudList(INTEGRATIONS, paged(listIntegrations, "queueIntegrations"));
  return <CrudPage page={page} columns={COLUMNS} icon="puzzle" editor={IntegrationModal} />;
}
