import { autoText } from "@contract/auto-texts";
import { LIMITS } from "@contract/limits";
import { useState } from "react";
import type { CampaignSettings } from "../../api/campaignSettings";
import { Button, IconButton } from "../../components/Button";
import { TextArea, TextInput } from "../../components/Field";
import { Card } from "../../components/Page";
import { useT } from "../../i18n";
import { company } from "../../stores/session";

/**
 * The opt-out part of campaign settings: the words that take a contact out of campaigns when they
 * answer one with it (whole message, any case or accent) and the one confirmation they get.
 */
export function OptOutSettings({
  settings,
  set,
}: {
  settings: CampaignSettings;
  set: <K extends keyof CampaignSettings>(key: K, value: CampaignSettings[K]) => void;
}) {
  const t = useT();
  const [word, setWord] = useState("");
  const [error, setError] = useState<string | undefined>();
  const words = settings.optOutWords;
  const language = company.value?.settings.find((s) => s.key === "language")?.value ?? "pt-BR";

  const add = (e: { preventDefault: () => void }) => {
    e.preventDefault();
    const clean = word.trim().replace(/\s+/g, " ");
    if (!clean) return setError("validation.required");
    if (clean.length > LIMITS.optOutWordMax) return setError("validation.tooLong");
    if (words.length >= LIMITS.optOutWordsMax) return setError("campaignSettings.optOutFull");
    if (words.some((w) => w.toLowerCase() === clean.toLowerCase())) return setError("campaignSettings.optOutExists");
    setError(undefined);
    set("optOutWords", [...words, clean.toUpperCase()]);
    setWord("");
  };

  return (
    <Card title={t("campaignSettings.optOutTitle")} hint={t("campaignSettings.optOutHint")} testId="opt-out-settings">
      <ul className="flex flex-wrap gap-2" data-testid="opt-out-words">
        {words.map((w) => (
          <li key={w} className="inline-flex items-center gap-1 rounded-full bg-raised py-0.5 pr-0.5 pl-3 text-sm text-ink">
            {w}
            <IconButton
              icon="close"
              label={t("campaignSettings.optOutRemove", { word: w })}
              className="size-7"
              onClick={() =>
                set(
                  "optOutWords",
                  words.filter((x) => x !== w),
                )
              }
            />
          </li>
        ))}
      </ul>
      <form onSubmit={add} noValidate className="grid items-start gap-3 sm:grid-cols-[1fr_auto]">
        <TextInput label={t("campaignSettings.optOutWord")} name="optOutWord" value={word} maxLength={LIMITS.optOutWordMax} onValue={setWord} error={error} />
        <Button type="submit" icon="plus" variant="secondary" className="sm:mt-6">
          {t("campaignSettings.optOutAdd")}
        </Button>
      </form>
      <TextArea
        label={t("campaignSettings.optOutConfirmation")}
        name="optOutConfirmation"
        rows={2}
        maxLength={LIMITS.optOutConfirmationMax}
        value={settings.optOutConfirmation}
        placeholder={autoText("optOutConfirmation", language)}
        hint={t("campaignSettings.optOutConfirmationHint")}
        onValue={(v) => set("optOutConfirmation", v)}
      />
    </Card>
  );
}
