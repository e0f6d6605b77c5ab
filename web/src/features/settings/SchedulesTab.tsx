import { defaultOpeningHours, type OpeningHours } from "@contract/limits";
import { useEffect } from "react";
import { getCompany, updateCompanySchedules } from "../../api/companies";
import { Button } from "../../components/Button";
import { BlockSpinner } from "../../components/Spinner";
import { useT } from "../../i18n";
import { useSubmit } from "../../lib/useSubmit";
import { toastError } from "../../stores/toast";
import { HoursTab, useHours } from "../queues/HoursTab";

/** Seven days in weekday order; days the company never saved (schedules []) get the defaults. */
const complete = (saved: OpeningHours[]) => defaultOpeningHours().map((d) => saved.find((s) => s.weekdayEn === d.weekdayEn) ?? d);

/** The Horários tab: the company's weekly hours (scheduleType "company"), saved with the button. */
export function SchedulesTab({ companyId }: { companyId: number }) {
  const t = useT();
  const week = useHours<OpeningHours[] | null>(null);
  const action = useSubmit();

  useEffect(() => {
    getCompany(companyId).then((c) => week.load(complete(c.schedules)), toastError);
  }, [companyId]);

  const save = (hours: OpeningHours[]) =>
    action.run(async () => week.load(complete((await updateCompanySchedules(companyId, hours)).schedules)), { done: "settings.hoursSaved" });

  const hours = week.hours;
  if (!hours) return <BlockSpinner />;
  return (
    <div className="flex flex-col gap-4">
      <HoursTab hours={hours} dirty={week.dirty} onChange={week.onChange} />
      <div className="flex justify-end">
        <Button icon="check" onClick={() => save(hours)} loading={action.busy} data-testid="schedules-save">
          {t("common.save")}
        </Button>
      </div>
    </div>
  );
}
