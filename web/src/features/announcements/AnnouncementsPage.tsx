import { useSignals } from "@preact/signals-react/runtime";
import { listAnnouncements, type Announcement } from "../../api/announcements";
import { Badge } from "../../components/Badge";
import { CrudPage } from "../../components/CrudPage";
import type { Column } from "../../components/ListPage";
import { t } from "../../i18n";
import { useCrudList } from "../../lib/useCrudList";
import { paged } from "../../lib/usePagedList";
import { ANNOUNCEMENTS, AnnouncementModal } from "./AnnouncementModal";

const TONE = { 1: "danger", 2: "warning", 3: "info" } as const;

/** The table's columns (edit and delete come last, from CrudPage). */
const COLUMNS: Column<Announcement>[] = [
  {
    label: "announcements.titleField",
    className: "max-w-[9rem] truncate font-medium text-ink sm:max-w-xs",
    cell: (a) => <span title={a.title}>{a.title}</span>,
  },
  {
    label: "announcements.priority",
    cell: (a) => <Badge tone={TONE[a.priority as 1 | 2 | 3] ?? "info"}>{t(`announcements.priorities.${a.priority}`)}</Badge>,
  },
  { label: "announcements.mediaName", from: "md", className: "max-w-[12rem] truncate text-muted", cell: (a) => a.mediaName ?? "—" },
  {
    label: "announcements.status",
    from: "sm",
    cell: (a) => <Badge tone={a.status ? "brand" : "neutral"}>{t(a.status ? "announcements.active" : "announcements.inactive")}</Badge>,
  },
];

/** /announcements (super users): search, infinite scroll, add, edit and delete; changes reach every user live. */
export default function AnnouncementsPage() {
  useSignals();
  const { page } = useCrudList(ANNOUNCEMENTS, paged(listAnnouncements, "records"), { titleParams: (a) => ({ name: a.title }) });
  return <CrudPage page={page} columns={COLUMNS} icon="megaphone" editor={AnnouncementModal} />;
}
