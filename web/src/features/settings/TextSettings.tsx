import { SECRET_MASK, SECRET_SETTINGS } from "@contract/schemas/settings";
import { type FormEvent, useState } from "react";
import { updateSetting } from "../../api/settings";
import { ApiError } from "../../api/client";
import { Button } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { useT } from "../../i18n";
import { toast, toastError } from "../../stores/toast";
import { SAVED_TOAST_MS } from "./options";
import { patchSetting } from "./store";

/** A group of free-text settings saved together; secrets show the mask and are only sent when retyped. */
export function TextSettings({
  title,
  hint,
  keys,
  values,
  testId,
}: {
  title: string;
  hint: string;
  keys: readonly string[];
  values: Record<string, string>;
  testId: string;
}) {
  const t = useT();
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const value = (k: string) => draft[k] ?? values[k] ?? "";

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const changed = keys.filter((k) => draft[k] !== undefined && draft[k] !== (values[k] ?? ""));
    if (!changed.length) return;
    setBusy(true);
    const failed: Record<string, string> = {};
    for (const key of changed) {
      try {
        patchSetting(await updateSetting(key, draft[key]));
      } catch (err) {
        if (err instanceof ApiError && err.fields.value) failed[key] = err.fields.value;
        else toastError(err);
      }
    }
    setErrors(failed);
    setDraft(Object.fromEntries(Object.entries(draft).filter(([k]) => failed[k])));
    setBusy(false);
    if (!Object.keys(failed).length) toast("success", t("settings.saved"), SAVED_TOAST_MS);
  };

  return (
    <form onSubmit={save} data-testid={testId} className="flex flex-col gap-4 border-t border-line pt-5">
      <div>
        <h2 className="text-base font-semibold text-ink">{title}</h2>
        <p className="text-sm text-muted">{hint}</p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {keys.map((k) => {
          const secret = SECRET_SETTINGS.includes(k);
          return (
            <TextInput
              key={k}
              label={t(`settings.text.${k}`)}
              name={k}
              type={secret ? "password" : "text"}
              autoComplete="off"
              value={secret && value(k) === SECRET_MASK && draft[k] === undefined ? "" : value(k)}
              placeholder={secret && values[k] === SECRET_MASK ? t("settings.secretSet") : ""}
              onValue={(v) => setDraft({ ...draft, [k]: v })}
              error={errors[k]}
            />
          );
        })}
      </div>
      <div>
        <Button type="submit" loading={busy}>
          {t("common.save")}
        </Button>
      </div>
    </form>
  );
}
