import { dayKey, dayLabel } from "../lib/format";
import { useT } from "../i18n";

/** True when a message starts a new day (of the company's calendar) after the one before it. */
export const startsDay = (prev: string | undefined, at: string) => !prev || dayKey(prev) !== dayKey(at);

/** The "today / yesterday / date" separator between days of a conversation (ticket chat, internal chat, sandbox). */
export function DayDivider({ at }: { at: string }) {
  const t = useT();
  return (
    <div className="flex justify-center py-2" data-testid="day-divider">
      <span className="rounded-full bg-surface/95 px-3 py-1 text-[11px] font-semibold text-muted shadow-sm ring-1 ring-line/60 backdrop-blur">
        {dayLabel(at, { today: t("chat.today"), yesterday: t("chat.yesterday") })}
      </span>
    </div>
  );
}
