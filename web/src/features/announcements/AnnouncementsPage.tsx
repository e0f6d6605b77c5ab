import { useSignals } from "@preact/signals-react/runtime";
import { type Announcement, deleteAnnouncement, listAnnouncements } from "../../api/announcements";
import { Badge } from "../../components/Badge";
import { CrudPage, RowActions } from "../../components/CrudPage";
import { ListTable, tdClass } from "../../components/ListPage";
import { useT } from "../../i18n";
import { useCrud } from "../../lib/useCrud";
import { usePagedList } from "../../lib/usePagedList";
import { announcementsStore } from "../../stores/lists";
import { AnnouncementModal } from "./AnnouncementModal";

const fetchPage = (s: string, p: number) => listAnnouncements(s, p).then((r) => ({ items: r.records, count: r.count, hasMore: r.hasMore }));
const TONE = { 1: "danger", 2: "warning", 3: "info" } as const;

/** /announcements (super users): search, infinite scroll, add, edit and delete; changes reach every user live. */
export default function AnnouncementsPage() {
  useSignals();
  const t = useT();
  const list = usePagedList(announcementsStore, fetchPage);
  const crud = useCrud<Announcement>({
    area: "announcements",
    remove: deleteAnnouncement,
    store: announcementsStore,
    list,
    titleParams: (a) => ({ name: a.title }),
  });
  const items = announcementsStore.items.value;
  return (
    <CrudPage
      area="announcements"
      testId="announcements-scroll"
      icon="megaphone"
      list={list}
      itemCount={items.length}
      crud={crud}
      dialogs={<AnnouncementModal {...crud.editor} onCreated={() => list.setCount((c) => c + 1)} />}
    >
      <ListTable
        loading={list.loading}
        columns={[
          { label: t("announcements.titleField") },
          { label: t("announcements.priority") },
          { label: t("announcements.mediaName"), className: "hidden md:table-cell" },
          { label: t("announcements.status"), className: "hidden sm:table-cell" },
          { label: t("common.actions"), className: "text-right" },
        ]}
      >
        {items.map((a) => (
          <tr key={a.id} data-testid="announcement-row" className="hover:bg-raised/60">
            <td className={`${tdClass} max-w-[9rem] truncate font-medium text-ink sm:max-w-xs`} title={a.title}>
              {a.title}
            </td>
            <td className={tdClass}>
              <Badge tone={TONE[a.priority as 1 | 2 | 3] ?? "info"}>{t(`announcements.priorities.${a.priority}`)}</Badge>
            </td>
            <td className={`${tdClass} hidden max-w-[12rem] truncate text-muted md:table-cell`}>{a.mediaName ?? "—"}</td>
            <td className={`${tdClass} hidden sm:table-cell`}>
              <Badge tone={a.status ? "brand" : "neutral"}>{t(a.status ? "announcements.active" : "announcements.inactive")}</Badge>
            </td>
            <RowActions onEdit={() => crud.edit(a.id)} onDelete={() => crud.askDelete(a)} />
          </tr>
        ))}
      </ListTable>
    </CrudPage>
  );
}
