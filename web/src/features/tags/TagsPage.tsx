import { useSignals } from "@preact/signals-react/runtime";
import { deleteTag, listTags, type Tag } from "../../api/tags";
import { Badge } from "../../components/Badge";
import { CrudPage, RowActions } from "../../components/CrudPage";
import { ListTable, tdClass } from "../../components/ListPage";
import { useT } from "../../i18n";
import { useCrud } from "../../lib/useCrud";
import { usePagedList } from "../../lib/usePagedList";
import { tagsStore } from "../../stores/lists";
import { allowed } from "../../stores/session";
import { TagModal } from "./TagModal";

const fetchPage = (s: string, p: number) => listTags(s, p).then((r) => ({ items: r.tags, count: r.count, hasMore: r.hasMore }));

/** /tags: search, add, edit, delete; the kanban column only matters to admins and supervisors. */
export default function TagsPage() {
  useSignals();
  const t = useT();
  const list = usePagedList(tagsStore, fetchPage);
  const kanban = allowed("tags:kanban");
  const crud = useCrud<Tag>({ area: "tags", remove: deleteTag, store: tagsStore, list });
  const tags = tagsStore.items.value;

  return (
    <CrudPage
      area="tags"
      testId="tags-scroll"
      icon="tag"
      list={list}
      itemCount={tags.length}
      crud={crud}
      dialogs={<TagModal {...crud.editor} onCreated={() => list.setCount((c) => c + 1)} />}
    >
      <ListTable
        loading={list.loading}
        columns={[
          { label: t("tags.name") },
          { label: t("tags.tickets") },
          { label: t("tags.kanban"), className: "hidden sm:table-cell" },
          { label: t("common.actions"), className: "text-right" },
        ]}
      >
        {tags.map((tag) => (
          <tr key={tag.id} data-testid="tag-row" className="hover:bg-raised/60">
            <td className={tdClass}>
              <span className="inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold text-white" style={{ backgroundColor: tag.color }}>
                {tag.name}
              </span>
            </td>
            <td className={`${tdClass} text-muted`}>{tag.ticketsCount}</td>
            <td className={`${tdClass} hidden sm:table-cell`}>{tag.kanban === 1 && <Badge tone="info">{t("tags.kanban")}</Badge>}</td>
            <RowActions onEdit={() => crud.edit(tag.id)} onDelete={kanban || tag.kanban !== 1 ? () => crud.askDelete(tag) : undefined} />
          </tr>
        ))}
      </ListTable>
    </CrudPage>
  );
}
