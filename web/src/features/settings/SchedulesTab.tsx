import { defaultOpeningHours, type OpeningHours } from "@contract/limits";
import { useEffect, useState } from "react";
import { getCompany, updateCompanySchedules } from "../../api/companies";
import { Button } from "../../components/Button";
import { BlockSpinner } from "../../components/Spinner";
import { useT } from "../../i18n";
import { toast, toastError } from "../../stores/toast";
import { HoursTab } from "../queues/HoursTab";

/** Seven days in weekday order; days the company never saved (schedules []) get the defaults. */
const complete = (saved: OpeningHours[]) => defaultOpeningHours().map((d) => saved.find((s) => s.weekdayEn === d.weekdayEn) ?? d);

/** The Horários tab: the company's weekly hours (scheduleType "company"), saved with the button. */
export function SchedulesTab({ companyId }: { companyId: number }) {
  const t = useT();
  const [hours, setHours] = useState<OpeningHours[] | null>(null);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    getCompany(companyId).then((c) => setHours(complete(c.schedules)), toastError);
  }, [companyId]);

  const save = async () => {
    if (!hours) return;
    setBusy(true);
    try {
      const c = await updateCompanySchedules(companyId, hours);
      setHours(complete(c.schedules));
      setDirty(false);
      toast("success", t("settings.hoursSaved"));
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  if (!hours) return <BlockSpinner />;
  return (
    <div className="flex flex-col gap-4">
      <HoursTab
        hours={hours}
        dirty={dirty}
        onChange={(h) => {
          setHours(h);
          setDirty(true);
        }}
      />
      <div className="flex justify-end">
        <Button icon="check" onClick={save} loading={busy} data-testid="schedules-save">
          {t("common.save")}
        </Button>
      </div>
    </div>
  );
}
