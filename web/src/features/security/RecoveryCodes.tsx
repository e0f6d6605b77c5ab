import { Button } from "../../components/Button";
import { useT } from "../../i18n";
import { toast } from "../../stores/toast";

/** Ten recovery codes shown once: copy or download them, then go on. */
export function RecoveryCodes({ codes, onDone, doneLabel }: { codes: string[]; onDone: () => void; doneLabel?: string }) {
  const t = useT();
  const text = codes.join("\n");
  const copy = async () => {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    toast("success", t("security.codesCopied"));
  };
  const download = () => {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([`${t("security.codesFileTitle")}\n\n${text}\n`], { type: "text/plain" }));
    a.download = "balcao-recovery-codes.txt";
    a.click();
    URL.revokeObjectURL(a.href);
  };
  return (
    <div className="space-y-4" data-testid="recovery-codes">
      <p className="text-sm text-muted">{t("security.codesText")}</p>
      <ul className="grid grid-cols-2 gap-2 rounded-xl border border-line bg-raised/60 p-4 font-mono text-sm text-ink">
        {codes.map((c) => (
          <li key={c} data-testid="recovery-code">
            {c}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" icon="copy" onClick={copy}>
          {t("security.copy")}
        </Button>
        <Button variant="secondary" icon="download" onClick={download}>
          {t("security.download")}
        </Button>
        <Button className="ml-auto" onClick={onDone} data-testid="codes-done">
          {doneLabel ?? t("security.codesSaved")}
        </Button>
      </div>
    </div>
  );
}
