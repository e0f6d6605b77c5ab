import type { SignInAnswerDto, TotpSetupDto } from "@contract/dto/auth";
import { useState } from "react";
import { enrolPasskey, enrolPasskeyOptions, enrolTotp, enrolTotpConfirm } from "../../api/security";
import { Button } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { useT } from "../../i18n";
import { toastError } from "../../stores/toast";
import { createPasskey, passkeysSupported } from "../security/passkey";
import { TotpSetup } from "../security/TotpSetup";
import { AuthShell } from "./AuthShell";

/** The company requires a second factor and this user has none: set up an app or a passkey before the first session. */
export function EnrolForm({ challenge, onAnswer, onBack }: { challenge: string; onAnswer: (res: SignInAnswerDto) => void; onBack: () => void }) {
  const t = useT();
  const [setup, setSetup] = useState<TotpSetupDto | null>(null);
  const [name, setName] = useState(t("security.defaultPasskeyName"));
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    try {
      await fn();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  const startApp = () => run(async () => setSetup(await enrolTotp(challenge)));
  const confirm = (code: string) => run(async () => onAnswer(await enrolTotpConfirm(challenge, code)));
  const passkey = () =>
    run(async () => {
      const response = await createPasskey(await enrolPasskeyOptions(challenge));
      if (response) onAnswer(await enrolPasskey(challenge, name.trim() || t("security.defaultPasskeyName"), response));
    });
  return (
    <AuthShell title={t("security.enrolTitle")} subtitle={t("security.enrolText")}>
      <div className="space-y-5" data-testid="enrol">
        {setup ? (
          <TotpSetup setup={setup} onConfirm={confirm} busy={busy} />
        ) : (
          <>
            <Button size="lg" icon="shield" className="w-full" onClick={startApp} loading={busy} data-testid="enrol-app">
              {t("security.useAppSetup")}
            </Button>
            {passkeysSupported() && (
              <div className="space-y-3 rounded-xl border border-line p-4">
                <TextInput label={t("security.passkeyName")} value={name} onValue={setName} maxLength={60} />
                <Button variant="secondary" className="w-full" onClick={passkey} disabled={busy} data-testid="enrol-passkey">
                  {t("security.addPasskey")}
                </Button>
              </div>
            )}
          </>
        )}
        <button type="button" onClick={onBack} className="w-full text-center text-sm text-subtle hover:text-ink hover:underline">
          {t("auth.backToLogin")}
        </button>
      </div>
    </AuthShell>
  );
}
