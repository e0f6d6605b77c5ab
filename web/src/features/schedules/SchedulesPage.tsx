import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef, useState } from "react";
import { navigate } from "wouter/use-browser-location";
import { deleteSchedule, listSchedules, type Schedule } from "../../api/schedules";
import { Badge } from "../../components/Badge";
import { Button } from "../../components/Button";
import { CrudPage, RowActions } from "../../components/CrudPage";
import { ListTable, tdClass } from "../../components/ListPage";
import { Modal } from "../../components/Modal";
import { useT } from "../../i18n";
import { useCrud } from "../../lib/useCrud";
import { usePagedList } from "../../lib/usePagedList";
import { schedulesStore } from "../../stores/lists";
import { allowed, user } from "../../stores/session";
import { formatDate, formatDateTime } from "../../lib/format";
import { dayBounds } from "./dates";
import { MonthCalendar } from "./MonthCalendar";
import { ScheduleModal } from "./ScheduleModal";

const TONES = { PENDENTE: "warning", ENVIADA: "brand", ERRO: "danger" } as const;
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
  const list = usePagedList(schedulesStore, (s, p) =>
    listSchedules(s, p, dayRef.current ? dayBounds(dayRef.current) : {}).then((r) => ({ items: r.schedules, count: r.count, hasMore: r.hasMore })),
  );
  const crud = useCrud<Schedule>({
    area: "schedules",
    remove: deleteSchedule,
    store: schedulesStore,
    list,
    titleParams: (s) => ({ name: s.contact?.name ?? "" }),
  });
  const [presetContact, setPresetContact] = useState<number | null>(null);
  const items = schedulesStore.items.value;
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
    crud.editor.onClose();
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
          area="schedules"
          testId="schedules-scroll"
          icon="calendar"
          list={list}
          itemCount={items.length}
          crud={crud}
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
              <ScheduleModal {...crud.editor} onClose={closeEditor} contactId={presetContact} onCreated={() => list.setCount((c) => c + 1)} />
              <Modal open={calendarOpen} onClose={() => setCalendarOpen(false)} title={t("schedules.calendar")} size="sm">
                {calendar}
              </Modal>
            </>
          }
        >
          <ListTable
            loading={list.loading}
            columns={[
              { label: t("schedules.contact") },
              { label: t("schedules.body"), className: "hidden md:table-cell" },
              { label: t("schedules.sendAt"), className: "hidden sm:table-cell" },
              { label: t("schedules.status") },
              { label: t("common.actions"), className: "text-right" },
            ]}
          >
            {items.map((s) => (
              <tr key={s.id} data-testid="schedule-row" className="hover:bg-raised/60">
                <td className={`${tdClass} font-medium text-ink`}>
                  {s.contact?.name ?? "—"}
                  <span className="block text-xs font-normal whitespace-nowrap text-muted sm:hidden">{formatDateTime(s.sendAt)}</span>
                </td>
                <td className={`${tdClass} hidden text-muted md:table-cell`} title={s.body}>
                  {cut(s.body)}
                </td>
                <td className={`${tdClass} hidden whitespace-nowrap text-muted sm:table-cell`}>{formatDateTime(s.sendAt)}</td>
                <td className={tdClass}>
                  <span title={s.error ? t(`errors.${s.error}`) : undefined}>
                    <Badge tone={TONES[s.status as keyof typeof TONES] ?? "neutral"}>{t(`schedules.statuses.${s.status}`)}</Badge>
                  </span>
                </td>
                <RowActions onEdit={() => crud.edit(s.id)} onDelete={mayEdit(s) ? () => crud.askDelete(s) : undefined} />
              </tr>
            ))}
          </ListTable>
        </CrudPage>
      </div>
      <aside className="hidden w-80 shrink-0 py-6 pr-8 lg:block">{calendar}</aside>
    </div>
  );
}
