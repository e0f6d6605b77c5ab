import type { SignInAnswerDto } from "@contract/dto/auth";
import { PasswordChangeBody } from "@contract/schemas/auth";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { useT } from "../../i18n";
import { type FieldErrors, serverFieldErrors, validate } from "../../lib/form";
import { changePassword } from "../../stores/session";
import { toastError } from "../../stores/toast";
import { AuthShell } from "./AuthShell";

const PINS = { ERR_PASSWORD_UNCHANGED: "password" };

/**
 * The forced change screen: the password just used was generated (first admin, `cli
 * reset-password`), so a new one is chosen before the app opens. Signs in with it on success.
 */
export function ForcedPasswordForm({
  email,
  currentPassword,
  challenge,
  onBack,
  onDone,
}: {
  email: string;
  currentPassword: string;
  /** The second step just answered (a user with a second factor). */
  challenge?: string;
  onBack: () => void;
  onDone: (res: SignInAnswerDto) => void;
}) {
  const t = useT();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = validate(PasswordChangeBody, { email, currentPassword, password });
    if (!checked.ok) return setErrors(checked.errors);
    if (password !== confirm) return setErrors({ confirm: "auth.passwordMismatch" });
    setErrors({});
    setBusy(true);
    try {
      onDone(await changePassword(currentPassword, password, email, challenge));
    } catch (err) {
      const fields = serverFieldErrors(err, PINS);
      if (fields) setErrors(fields);
      else toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell title={t("auth.forcedTitle")} subtitle={t("auth.forcedText")}>
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="forced-password">
        <TextInput label={t("auth.email")} type="email" name="email" autoComplete="username" value={email} onValue={() => {}} readOnly />
        <TextInput
          label={t("auth.newPassword")}
          type="password"
          name="new-password"
          autoComplete="new-password"
          autoFocus
          value={password}
          onValue={setPassword}
          error={errors.password}
        />
        <TextInput
          label={t("auth.confirmPassword")}
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          onValue={setConfirm}
          error={errors.confirm}
        />
        <Button type="submit" size="lg" loading={busy} className="mt-2 w-full">
          {t("auth.forcedSubmit")}
        </Button>
        <button type="button" onClick={onBack} className="w-full text-center text-sm text-subtle hover:text-ink hover:underline">
          {t("auth.backToLogin")}
        </button>
      </form>
    </AuthShell>
  );
}
