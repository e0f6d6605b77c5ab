import { useSignals } from "@preact/signals-react/runtime";
import { listHelps, type Help } from "../../api/helps";
import { CrudPage } from "../../components/CrudPage";
import type { Column } from "../../components/ListPage";
import { useCrudList } from "../../lib/useCrudList";
import { paged } from "../../lib/usePagedList";
import { HELPS, HelpModal } from "./HelpModal";

/** The table's columns (edit and delete come last, from CrudPage). */
const COLUMNS: Column<Help>[] = [
  { label: "helps.titleField", className: "font-medium text-ink", cell: (h) => h.title },
  { label: "helps.video", from: "sm", className: "font-mono text-xs text-muted", cell: (h) => h.video },
  { label: "helps.description", from: "md", className: "max-w-xs truncate text-muted", cell: (h) => h.description },
];

/** Settings › Ajuda (super users): the help videos (title, video code, description). */
export function HelpsTab() {
  useSignals();
  const { page } = useCrudList(HELPS, paged(listHelps, "helps"), { titleParams: (h) => ({ name: h.title }) });
  return <CrudPage page={page} columns={COLUMNS} icon="video" addTestId="help-add" editor={HelpModal} />;
}
