import { useSignals } from "@preact/signals-react/runtime";
import { fileListsApi, listFileLists } from "../../api/fileLists";
import { Badge } from "../../components/Badge";
import { CrudPage } from "../../components/CrudPage";
import { useT } from "../../i18n";
import { useCrudList } from "../../lib/useCrudList";
import { paged } from "../../lib/usePagedList";
import { fileListsStore } from "../../stores/lists";
import { allowed } from "../../stores/session";
import { FileListModal } from "./FileListModal";

/** /files: the company's file lists (R-LIB-3); admins add, edit and delete them. */
export default function FilesPage() {
  useSignals();
  const t = useT();
  const manage = allowed("files:manage");
  const { page, editor } = useCrudList({ area: "files", store: fileListsStore, source: paged(listFileLists, "files"), remove: fileListsApi.remove });
  return (
    <CrudPage
      page={page}
      testId="files-scroll"
      icon="file"
      canAdd={manage}
      emptyHint={manage}
      mayEdit={manage}
      mayDelete={manage}
      rowTestId="file-list-row"
      dialogs={<FileListModal {...editor} />}
      columns={[
        { label: "files.name", className: "font-medium text-ink", cell: (f) => f.name },
        { label: "files.message", from: "md", className: "max-w-md truncate text-muted", cell: (f) => f.message },
        {
          label: "files.files",
          className: "whitespace-nowrap",
          cell: (f) => <Badge tone="neutral">{t("files.fileCount", { count: f.options.filter((o) => o.path).length })}</Badge>,
        },
      ]}
    />
  );
}
