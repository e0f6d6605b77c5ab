import { useSignals } from "@preact/signals-react/runtime";
import { deleteFileList, type FileList, listFileLists } from "../../api/fileLists";
import { Badge } from "../../components/Badge";
import { CrudPage, RowActions } from "../../components/CrudPage";
import { ListTable, tdClass } from "../../components/ListPage";
import { useT } from "../../i18n";
import { useCrud } from "../../lib/useCrud";
import { usePagedList } from "../../lib/usePagedList";
import { fileListsStore } from "../../stores/lists";
import { allowed } from "../../stores/session";
import { FileListModal } from "./FileListModal";

const fetchPage = (s: string, p: number) => listFileLists(s, p).then((r) => ({ items: r.files, count: r.count, hasMore: r.hasMore }));

/** /files: the company's file lists (R-LIB-3); admins add, edit and delete them. */
export default function FilesPage() {
  useSignals();
  const t = useT();
  const list = usePagedList(fileListsStore, fetchPage);
  const manage = allowed("files:manage");
  const crud = useCrud<FileList>({ area: "files", remove: deleteFileList, store: fileListsStore, list });
  const items = fileListsStore.items.value;

  return (
    <CrudPage
      area="files"
      testId="files-scroll"
      icon="file"
      list={list}
      itemCount={items.length}
      crud={crud}
      canAdd={manage}
      emptyHint={manage}
      dialogs={<FileListModal {...crud.editor} onCreated={() => list.setCount((c) => c + 1)} />}
    >
      <ListTable
        loading={list.loading}
        columns={[
          { label: t("files.name") },
          { label: t("files.message"), className: "hidden md:table-cell" },
          { label: t("files.files") },
          { label: t("common.actions"), className: "text-right" },
        ]}
      >
        {items.map((f) => (
          <tr key={f.id} data-testid="file-list-row" className="hover:bg-raised/60">
            <td className={`${tdClass} font-medium text-ink`}>{f.name}</td>
            <td className={`${tdClass} hidden max-w-md truncate text-muted md:table-cell`}>{f.message}</td>
            <td className={`${tdClass} whitespace-nowrap`}>
              <Badge tone="neutral">{t("files.fileCount", { count: f.options.filter((o) => o.path).length })}</Badge>
            </td>
            <RowActions onEdit={manage ? () => crud.edit(f.id) : undefined} onDelete={manage ? () => crud.askDelete(f) : undefined} />
          </tr>
        ))}
      </ListTable>
    </CrudPage>
  );
}
