import type { SecondFactorMethod, SignInAnswerDto } from "@contract/dto/auth";
import { type FormEvent, useState } from "react";
import { secondStep, secondStepPasskeyOptions } from "../../api/security";
import { Button } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { useT } from "../../i18n";
import { toastError } from "../../stores/toast";
import { passkeysSupported, provePasskey } from "../security/passkey";
import { AuthShell } from "./AuthShell";

/** The second step of a sign-in: a code of the app, a recovery code, or a passkey. */
export function SecondStepForm({
  challenge,
  methods,
  onAnswer,
  onBack,
  onError,
}: {
  challenge: string;
  methods: SecondFactorMethod[];
  onAnswer: (res: SignInAnswerDto) => void;
  onBack: () => void;
  /** Errors that change the step (a password to change, an expired challenge); others are toasts here. */
  onError: (err: unknown) => void;
}) {
  const t = useT();
  const [recovery, setRecovery] = useState(!methods.includes("totp"));
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const run = async (answer: () => Promise<SignInAnswerDto | null>) => {
    setBusy(true);
    try {
      const res = await answer();
      if (res) onAnswer(res);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === "ERR_PASSWORD_CHANGE_REQUIRED" || code === "ERR_CHALLENGE_EXPIRED") onError(err);
      else toastError(err);
      setCode("");
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (value) void run(() => secondStep(recovery ? { challenge, recoveryCode: value } : { challenge, code: value.replace(/\s/g, "") }));
  };
  const withPasskey = () =>
    run(async () => {
      const proof = await provePasskey(await secondStepPasskeyOptions(challenge));
      return proof ? secondStep({ challenge, passkey: proof }) : null;
    });
  return (
    <AuthShell title={t("security.stepTitle")} subtitle={t(recovery ? "security.stepRecoveryText" : "security.stepText")}>
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="second-step">
        <TextInput
          label={t(recovery ? "security.recoveryLabel" : "security.codeLabel")}
          name={recovery ? "recovery-code" : "one-time-code"}
          inputMode={recovery ? "text" : "numeric"}
          autoComplete="one-time-code"
          maxLength={recovery ? 20 : 8}
          autoFocus
          value={code}
          onValue={setCode}
        />
        <Button type="submit" size="lg" loading={busy} className="w-full">
          {t("security.verify")}
        </Button>
        {methods.includes("passkey") && passkeysSupported() && (
          <Button variant="secondary" size="lg" icon="shield" className="w-full" onClick={withPasskey} disabled={busy} data-testid="step-passkey">
            {t("security.usePasskey")}
          </Button>
        )}
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          {methods.includes("totp") && (
            <button type="button" className="text-brand-700 hover:underline dark:text-brand-300" onClick={() => setRecovery(!recovery)}>
              {t(recovery ? "security.useApp" : "security.useRecovery")}
            </button>
          )}
          <button type="button" onClick={onBack} className="text-subtle hover:text-ink hover:underline">
            {t("auth.backToLogin")}
          </button>
        </div>
      </form>
    </AuthShell>
  );
}
