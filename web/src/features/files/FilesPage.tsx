import { useSignals } from "@preact/signals-react/runtime";
import { listFileLists, type FileList } from "../../api/fileLists";
import { Badge } from "../../components/Badge";
import { CrudPage } from "../../components/CrudPage";
import type { Column } from "../../components/ListPage";
import { t } from "../../i18n";
import { useCrudList } from "../../lib/useCrudList";
import { paged } from "../../lib/usePagedList";
import { allowed } from "../../stores/session";
import { FILE_LISTS, FileListModal } from "./FileListModal";

/** The table's columns (edit and delete come last, from CrudPage). */
const COLUMNS: Column<FileList>[] = [
  { label: "files.name", className: "font-medium text-ink", cell: (f) => f.name },
  { label: "files.message", from: "md", className: "max-w-md truncate text-muted", cell: (f) => f.message },
  {
    label: "files.files",
    className: "whitespace-nowrap",
    cell: (f) => <Badge tone="neutral">{t("files.fileCount", { count: f.options.filter((o) => o.path).length })}</Badge>,
  },
];

/** /files: the company's file lists (R-LIB-3); admins add, edit and delete them. */
export default function FilesPage() {
  useSignals();
  const manage = allowed("files:manage");
  const { page } = useCrudList(FILE_LISTS, paged(listFileLists, "files"));
  return <CrudPage page={page} columns={COLUMNS} icon="file" canAdd={manage} editor={FileListModal} />;
}
