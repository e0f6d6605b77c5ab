import { type FormEvent, useState } from "react";
import type { QueueOption } from "../../api/queues";
import { Button } from "../../components/Button";
import { TextArea, TextInput } from "../../components/Field";
import { useT } from "../../i18n";

export interface OptionDraft {
  option: string;
  title: string;
  message: string;
}

/** Inline form of one chatbot option (ordinal, title, message); the title is required. */
export function OptionForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: OptionDraft | QueueOption;
  onSave: (d: OptionDraft) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useT();
  const [d, setD] = useState<OptionDraft>({ option: initial.option, title: initial.title, message: initial.message });
  const [errors, setErrors] = useState<{ option?: string; title?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const errs = { ...(d.option.trim() ? {} : { option: "validation.required" }), ...(d.title.trim() ? {} : { title: "validation.required" }) };
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      await onSave(d);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      data-testid="option-form"
      className="flex flex-col gap-3 rounded-lg border border-brand-200 bg-brand-50/40 p-3 dark:border-brand-500/30 dark:bg-brand-500/5"
    >
      <div className="grid grid-cols-[6rem_1fr] gap-3">
        <TextInput label={t("queues.optionOrdinal")} value={d.option} onValue={(option) => setD({ ...d, option })} error={errors.option} />
        <TextInput label={t("queues.optionTitle")} autoFocus value={d.title} onValue={(title) => setD({ ...d, title })} error={errors.title} />
      </div>
      <TextArea label={t("queues.optionMessage")} value={d.message} onValue={(message) => setD({ ...d, message })} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onCancel}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" size="sm" loading={busy}>
          {t("queues.optionSave")}
        </Button>
      </div>
    </form>
  );
}
