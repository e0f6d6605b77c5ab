import { useSignals } from "@preact/signals-react/runtime";
import { listTags, type Tag } from "../../api/tags";
import { Badge } from "../../components/Badge";
import { CrudPage } from "../../components/CrudPage";
import type { Column } from "../../components/ListPage";
import { t } from "../../i18n";
import { useCrudList } from "../../lib/useCrudList";
import { paged } from "../../lib/usePagedList";
import { allowed } from "../../stores/session";
import { TAGS, TagModal } from "./TagModal";

/** The table's columns (edit and delete come last, from CrudPage). */
const COLUMNS: Column<Tag>[] = [
  {
    label: "tags.name",
    cell: (tag) => (
      <span className="inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold text-white" style={{ backgroundColor: tag.color }}>
        {tag.name}
      </span>
    ),
  },
  { label: "tags.tickets", className: "text-muted", cell: (tag) => tag.ticketsCount },
  { label: "tags.kanban", from: "sm", cell: (tag) => tag.kanban === 1 && <Badge tone="info">{t("tags.kanban")}</Badge> },
];

/** /tags: search, add, edit, delete; the kanban column only matters to admins and supervisors. */
export default function TagsPage() {
  useSignals();
  const kanban = allowed("tags:kanban");
  const { page } = useCrudList(TAGS, paged(listTags, "tags"));
  return <CrudPage page={page} columns={COLUMNS} icon="tag" mayDelete={(tag) => kanban || tag.kanban !== 1} editor={TagModal} />;
}
