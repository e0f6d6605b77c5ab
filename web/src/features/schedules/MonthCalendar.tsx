import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { type ScheduleDay, scheduleCalendar } from "../../api/schedules";
import { IconButton } from "../../components/Button";
import { language, useT } from "../../i18n";
import { scheduleCalendarVersion } from "../../realtime/lists";
import { toastError } from "../../stores/toast";
import { zoneLabel } from "../../lib/zone";
import { monthOf, todayInZone } from "./dates";

/**
 * The month beside the schedule list: each day shows how many messages are scheduled on it;
 * picking a day filters the list (picking it again clears the filter). Counts follow live changes.
 */
export function MonthCalendar({ selected, onSelect }: { selected: string | null; onSelect: (day: string | null) => void }) {
  useSignals();
  const t = useT();
  // days are the company's (the server counts them in its zone): this month and today are its own
  const [cursor, setCursor] = useState(() => {
    const [y, m] = todayInZone().split("-").map(Number);
    return new Date(y, m - 1, 1);
  });
  const [days, setDays] = useState<ScheduleDay[]>([]);
  const month = monthOf(cursor);
  const version = scheduleCalendarVersion.value;

  useEffect(() => {
    let alive = true;
    scheduleCalendar(month)
      .then((d) => alive && setDays(d))
      .catch(toastError);
    return () => {
      alive = false;
    };
  }, [month, version]);

  const counts = new Map(days.map((d) => [d.date, d.count]));
  const lang = language.value;
  const long = new Intl.DateTimeFormat(lang, { month: "long", year: "numeric" }).format(cursor);
  const title = long.charAt(0).toUpperCase() + long.slice(1);
  // Weeks start on Sunday; weekday initials in the active language.
  const weekdays = Array.from({ length: 7 }, (_, i) => new Intl.DateTimeFormat(lang, { weekday: "narrow" }).format(new Date(2024, 0, 7 + i)));
  const first = cursor.getDay();
  const total = new Date(cursor.getFullYear(), cursor.getMonth() + 1, 0).getDate();
  const today = todayInZone();
  const move = (n: number) => setCursor(new Date(cursor.getFullYear(), cursor.getMonth() + n, 1));

  return (
    <section aria-label={t("schedules.calendar")} data-testid="schedule-calendar" className="rounded-card border border-line bg-surface p-4 shadow-card">
      <div className="mb-3 flex items-center justify-between">
        <IconButton icon="chevronLeft" label={t("schedules.prevMonth")} onClick={() => move(-1)} />
        <h2 className="text-sm font-semibold text-ink">{title}</h2>
        <IconButton icon="chevronRight" label={t("schedules.nextMonth")} onClick={() => move(1)} />
      </div>
      <div className="grid grid-cols-7 gap-1 text-center text-xs">
        {weekdays.map((w, i) => (
          <span key={`${w}${i}`} className="py-1 font-medium text-subtle">
            {w}
          </span>
        ))}
        {Array.from({ length: first }, (_, i) => (
          <span key={`blank${i}`} />
        ))}
        {Array.from({ length: total }, (_, i) => {
          const day = `${month}-${String(i + 1).padStart(2, "0")}`;
          const n = counts.get(day) ?? 0;
          const on = selected === day;
          return (
            <button
              key={day}
              type="button"
              data-testid={`calendar-day-${day}`}
              aria-pressed={on}
              aria-label={n ? t("schedules.dayCount", { day: i + 1, count: n }) : String(i + 1)}
              onClick={() => onSelect(on ? null : day)}
              className={`relative flex h-9 flex-col items-center justify-center rounded-lg text-sm transition-colors ${
                on
                  ? "bg-brand-600 text-white"
                  : day === today
                    ? "bg-brand-50 font-semibold text-brand-700 dark:bg-brand-500/10 dark:text-brand-300"
                    : "text-ink hover:bg-raised"
              }`}
            >
              {i + 1}
              {n > 0 && <span className={`absolute bottom-1 size-1.5 rounded-full ${on ? "bg-white" : "bg-brand-500"}`} />}
            </button>
          );
        })}
      </div>
      <p className="mt-3 text-xs text-muted">{t("schedules.calendarHint")}</p>
      <p className="mt-1 text-xs text-muted" data-testid="schedule-zone">
        {t("common.zoneHint", { zone: zoneLabel() })}
      </p>
    </section>
  );
}
