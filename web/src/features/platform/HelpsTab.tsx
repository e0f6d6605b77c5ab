import { useSignals } from "@preact/signals-react/runtime";
import { helpsApi, listHelps } from "../../api/helps";
import { CrudPage } from "../../components/CrudPage";
import { useCrudList } from "../../lib/useCrudList";
import { paged } from "../../lib/usePagedList";
import { HelpModal } from "./HelpModal";
import { helpsStore } from "./stores";

/** Settings › Ajuda (super users): the help videos (title, video code, description). */
export function HelpsTab() {
  useSignals();
  const source = paged(listHelps, "helps");
  const { page, editor } = useCrudList({ area: "helps", store: helpsStore, source, remove: helpsApi.remove, titleParams: (h) => ({ name: h.title }) });
  return (
    <CrudPage
      page={page}
      testId="helps-scroll"
      icon="video"
      addTestId="help-add"
      rowTestId="help-row"
      dialogs={<HelpModal {...editor} />}
      columns={[
        { label: "helps.titleField", className: "font-medium text-ink", cell: (h) => h.title },
        { label: "helps.video", from: "sm", className: "font-mono text-xs text-muted", cell: (h) => h.video },
        { label: "helps.description", from: "md", className: "max-w-xs truncate text-muted", cell: (h) => h.description },
      ]}
    />
  );
}
