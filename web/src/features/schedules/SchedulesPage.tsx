import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef, useState } from "react";
import { navigate } from "wouter/use-browser-location";
import { listSchedules, type Schedule } from "../../api/schedules";
import { Badge } from "../../components/Badge";
import { Button } from "../../components/Button";
import { CrudPage } from "../../components/CrudPage";
import type { Column } from "../../components/ListPage";
import { Modal } from "../../components/Modal";
import { t, useT } from "../../i18n";
import { formatDate, formatDateTime } from "../../lib/format";
import { useCrudList } from "../../lib/useCrudList";
import { paged } from "../../lib/usePagedList";
import { allowed, user } from "../../stores/session";
import { dayBounds } from "./dates";
import { MonthCalendar } from "./MonthCalendar";
import { SCHEDULES, ScheduleModal } from "./ScheduleModal";

const TONES = { PENDENTE: "warning", ENVIADA: "brand", ERRO: "danger" } as const;
/** The table's columns (edit and delete come last, from CrudPage). */
const COLUMNS: Column<Schedule>[] = [
  {
    label: "schedules.contact",
    className: "font-medium text-ink",
    cell: (s) => (
      <>
        {s.contact?.name ?? "—"}
        <span className="block text-xs font-normal text-muted sm:hidden">{formatDateTime(s.sendAt)}</span>
      </>
    ),
  },
  { label: "schedules.body", from: "md", className: "text-muted", cell: (s) => <span title={s.body}>{cut(s.body)}</span> },
  { label: "schedules.sendAt", from: "sm", className: "whitespace-nowrap text-muted", cell: (s) => formatDateTime(s.sendAt) },
  {
    label: "schedules.status",
    cell: (s) => (
      <span title={s.error ? t(`errors.${s.error}`) : undefined}>
        <Badge tone={TONES[s.status as keyof typeof TONES] ?? "neutral"}>{t(`schedules.statuses.${s.status}`)}</Badge>
      </span>
    ),
  },
];

/** The list shows the body cut at 25 characters (R-SCH-5). */
const cut = (s: string) => (s.length > 25 ? `${s.slice(0, 25)}…` : s);

/** /schedules: the company's scheduled messages with the month calendar; ?contactId= opens the create dialog for that contact. */
export default function SchedulesPage() {
  useSignals();
  const t = useT();
  const [day, setDay] = useState<string | null>(null);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const dayRef = useRef(day);
  dayRef.current = day;
  const source = paged((s, p) => listSchedules(s, p, dayRef.current ? dayBounds(dayRef.current) : {}), "schedules");
  const { page, list, crud, editor } = useCrudList(SCHEDULES, source, { titleParams: (s) => ({ name: s.contact?.name ?? "" }) });
  const [presetContact, setPresetContact] = useState<number | null>(null);
  const mayEdit = (s: Schedule) => allowed("schedules:editAny") || s.userId === user.value?.id;

  useEffect(() => {
    const contactId = Number(new URLSearchParams(location.search).get("contactId"));
    if (contactId > 0) {
      setPresetContact(contactId);
      crud.add();
    }
  }, []);

  const pickDay = (d: string | null) => {
    setDay(d);
    setCalendarOpen(false);
    list.refresh();
  };
  const closeEditor = () => {
    editor.onClose();
    if (presetContact) {
      setPresetContact(null);
      navigate("/schedules", { replace: true });
    }
  };
  const calendar = <MonthCalendar selected={day} onSelect={pickDay} />;

  return (
    <div className="flex h-full min-h-0 flex-col lg:flex-row">
      <div className="min-h-0 min-w-0 flex-1">
        <CrudPage
          page={page}
          columns={COLUMNS}
          icon="calendar"
          mayDelete={mayEdit}
          actions={
            <>
              {day && (
                <Button variant="secondary" icon="close" onClick={() => pickDay(null)} data-testid="schedule-day-filter">
                  {t("schedules.dayFilter", { day: formatDate(day) })}
                </Button>
              )}
              <Button variant="secondary" icon="calendar" className="lg:hidden" onClick={() => setCalendarOpen(true)}>
                {t("schedules.calendar")}
              </Button>
            </>
          }
          dialogs={
            <>
              <ScheduleModal {...editor} onClose={closeEditor} contactId={presetContact} />
              <Modal open={calendarOpen} onClose={() => setCalendarOpen(false)} title={t("schedules.calendar")} size="sm">
                {calendar}
              </Modal>
            </>
          }
        />
      </div>
      <aside className="hidden w-80 shrink-0 py-6 pr-8 lg:block">{calendar}</aside>
    </div>
  );
}
