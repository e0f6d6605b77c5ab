import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { deleteTag, listTags, type Tag } from "../../api/tags";
import { Badge } from "../../components/Badge";
import { Button, IconButton } from "../../components/Button";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyState } from "../../components/EmptyState";
import { ListPage, ListTable, tdClass } from "../../components/ListPage";
import { useT } from "../../i18n";
import { usePagedList } from "../../lib/usePagedList";
import { tagsStore } from "../../stores/lists";
import { allowed } from "../../stores/session";
import { toast, toastError } from "../../stores/toast";
import { TagModal } from "./TagModal";

const fetchPage = (s: string, p: number) => listTags(s, p).then((r) => ({ items: r.tags, count: r.count, hasMore: r.hasMore }));

/** /tags: search, add, edit, delete; the kanban column only matters to admins and supervisors. */
export default function TagsPage() {
  useSignals();
  const t = useT();
  const list = usePagedList(tagsStore, fetchPage);
  const kanban = allowed("tags:kanban");
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const tags = tagsStore.items.value;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteTag(deleting.id);
      tagsStore.remove(deleting.id);
      list.setCount((c) => Math.max(0, c - 1));
      toast("success", t("tags.deleted"));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <ListPage
      title={t("tags.title")}
      count={t("tags.total", { count: list.count })}
      search={list.search}
      onSearch={list.setSearch}
      searchPlaceholder={t("tags.search")}
      loading={list.loading}
      itemCount={tags.length}
      onLoadMore={list.loadMore}
      testId="tags-scroll"
      actions={
        <Button icon="plus" onClick={() => setEditing(null)}>
          {t("tags.add")}
        </Button>
      }
    >
      {!list.loading && tags.length === 0 ? (
        <EmptyState icon="tag" title={t("tags.empty")} hint={t("tags.emptyHint")} />
      ) : (
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
              <td className={`${tdClass} py-2 text-right whitespace-nowrap`}>
                <IconButton icon="edit" label={t("common.edit")} onClick={() => setEditing(tag.id)} />
                {(kanban || tag.kanban !== 1) && <IconButton icon="trash" label={t("common.delete")} tone="danger" onClick={() => setDeleting(tag)} />}
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      <TagModal open={editing !== undefined} tagId={editing ?? null} onClose={() => setEditing(undefined)} onCreated={() => list.setCount((c) => c + 1)} />
      <ConfirmDialog
        open={!!deleting}
        title={t("tags.deleteTitle", { name: deleting?.name ?? "" })}
        text={t("tags.deleteText")}
        confirmLabel={t("common.delete")}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </ListPage>
  );
}
