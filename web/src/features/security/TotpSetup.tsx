import type { TotpSetupDto } from "@contract/dto/auth";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { useT } from "../../i18n";

/** The QR code and the secret as text of a new authenticator app, and the field for its first code. */
export function TotpSetup({ setup, onConfirm, busy }: { setup: TotpSetupDto; onConfirm: (code: string) => void; busy: boolean }) {
  const t = useT();
  const [code, setCode] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) onConfirm(code.replace(/\s/g, ""));
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="totp-setup">
      <p className="text-sm text-muted">{t("security.scanText")}</p>
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
        <img src={setup.qr} alt={t("security.qrAlt")} className="size-44 shrink-0 rounded-lg border border-line bg-white p-1" />
        <div className="min-w-0 space-y-1 text-sm">
          <p className="text-muted">{t("security.secretText")}</p>
          <code className="block rounded-lg bg-raised px-3 py-2 font-mono text-xs break-all text-ink" data-testid="totp-secret">
            {setup.secret.replace(/(.{4})/g, "$1 ").trim()}
          </code>
        </div>
      </div>
      <TextInput
        label={t("security.codeLabel")}
        name="one-time-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        value={code}
        onValue={setCode}
        autoFocus
      />
      <Button type="submit" loading={busy} className="w-full sm:w-auto" data-testid="totp-confirm">
        {t("security.turnOn")}
      </Button>
    </form>
  );
}
