import type { OpeningHours } from "@contract/limits";
import { useState } from "react";
import { Icon } from "../../components/Icon";
import { useT } from "../../i18n";

const time =
  "h-9 rounded-lg border border-line bg-surface px-2 text-sm text-ink shadow-sm focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 focus:outline-none";

/** The week's hours being edited: `onChange` marks them changed, `load` puts saved ones back (unchanged). */
export function useHours<H extends OpeningHours[] | null>(initial: H) {
  const [hours, setHours] = useState<H>(initial);
  const [dirty, setDirty] = useState(false);
  const onChange = (h: OpeningHours[]) => {
    setHours(h as H);
    setDirty(true);
  };
  const load = (h: H) => {
    setHours(h);
    setDirty(false);
  };
  return { hours, dirty, onChange, load };
}

/** Weekly service hours (`useHours`); edits only mark changes, the dialog's save records them (R-QUEUE-4). */
export function HoursTab({ hours, dirty, onChange }: { hours: OpeningHours[]; dirty: boolean; onChange: (h: OpeningHours[]) => void }) {
  const t = useT();
  const set = (i: number, key: "startTime" | "endTime", value: string) => onChange(hours.map((h, j) => (j === i ? { ...h, [key]: value } : h)));
  return (
    <div className="flex flex-col gap-3">
      {dirty && (
        <p
          role="status"
          data-testid="hours-notice"
          className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-800 dark:bg-amber-500/10 dark:text-amber-200"
        >
          <Icon name="info" className="size-4 shrink-0" />
          {t("queues.hoursNotice")}
        </p>
      )}
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs font-semibold uppercase tracking-wide text-muted">
            <th className="py-2">{t("queues.weekday")}</th>
            <th className="py-2">{t("queues.start")}</th>
            <th className="py-2">{t("queues.end")}</th>
          </tr>
        </thead>
        <tbody>
          {hours.map((h, i) => (
            <tr key={h.weekdayEn} className="border-t border-line">
              <td className="py-2 font-medium text-ink">{t(`queues.days.${h.weekdayEn}`)}</td>
              <td className="py-2">
                <input
                  type="time"
                  aria-label={`${t(`queues.days.${h.weekdayEn}`)} ${t("queues.start")}`}
                  value={h.startTime}
                  onChange={(e) => set(i, "startTime", e.target.value)}
                  className={time}
                />
              </td>
              <td className="py-2">
                <input
                  type="time"
                  aria-label={`${t(`queues.days.${h.weekdayEn}`)} ${t("queues.end")}`}
                  value={h.endTime}
                  onChange={(e) => set(i, "endTime", e.target.value)}
                  className={time}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-xs text-muted">{t("queues.hoursHint")}</p>
    </div>
  );
}
