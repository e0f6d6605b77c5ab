import type { SecondFactorMethod, SignInAnswerDto } from "@contract/dto/auth";
import { LoginBody } from "@contract/schemas/auth";
import { LIMITS } from "@contract/limits";
import type { SessionDto } from "@contract/dto/session";
import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";
import { ApiError } from "../../api/client";
import { passkeySignIn, passkeySignInOptions, signIn } from "../../api/security";
import { Button } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { t, useT } from "../../i18n";
import { daysUntil, formatDate } from "../../lib/format";
import { type FieldErrors, validate } from "../../lib/form";
import { startSession, suggestSecondFactor } from "../../stores/session";
import { toast, toastError } from "../../stores/toast";
import { passkeysSupported, provePasskey } from "../security/passkey";
import { RecoveryCodes } from "../security/RecoveryCodes";
import { AuthShell } from "./AuthShell";
import { EnrolForm } from "./EnrolForm";
import { ForcedPasswordForm } from "./ForcedPasswordForm";
import { SecondStepForm } from "./SecondStepForm";

/** Fewer than 5 days left: a warning toast, with singular "dia" at 1 (R-AUTH-6). */
function warnDueSoon(dueDate: string | null) {
  if (!dueDate) return;
  const days = daysUntil(dueDate);
  if (days < 0 || days >= LIMITS.subscriptionWarningDays) return;
  toast("warning", t("auth.dueSoon", { count: days }), 6000);
}

type Session = SessionDto & { suggestSecondFactor?: boolean; recoveryCodes?: string[] };
type Step =
  | { kind: "password" }
  | { kind: "second"; challenge: string; methods: SecondFactorMethod[] }
  | { kind: "enrol"; challenge: string }
  | { kind: "forced"; challenge?: string }
  | { kind: "codes"; session: Session };

/** /login: email and password, then the second step or the required setup; or a passkey alone. */
export default function LoginPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<Step>({ kind: "password" });

  const enter = (s: Session) => {
    startSession(s.token, s.user);
    toast("success", t("auth.success"));
    warnDueSoon(s.user.company.dueDate);
    suggestSecondFactor.value = !!s.suggestSecondFactor;
    navigate("/", { replace: true });
  };
  const onAnswer = (res: SignInAnswerDto) => {
    if ("secondFactor" in res) return setStep({ kind: "second", ...res.secondFactor });
    if ("secondFactorSetup" in res) return setStep({ kind: "enrol", challenge: res.secondFactorSetup.challenge });
    if (res.recoveryCodes?.length) return setStep({ kind: "codes", session: res });
    enter(res);
  };
  const onError = (err: unknown) => {
    if (err instanceof ApiError && err.code === "ERR_PASSWORD_CHANGE_REQUIRED") {
      setStep({ kind: "forced", challenge: typeof err.data.challenge === "string" ? err.data.challenge : undefined });
    } else if (err instanceof ApiError && err.code === "ERR_SUBSCRIPTION_EXPIRED") {
      toast("error", t("auth.subscriptionExpired", { date: formatDate(String(err.data.dueDate ?? "")) }), 6000);
    } else {
      if (err instanceof ApiError && err.code === "ERR_CHALLENGE_EXPIRED") setStep({ kind: "password" });
      toastError(err);
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = validate(LoginBody, { email, password });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setBusy(true);
    await signIn(checked.output.email, checked.output.password).then(onAnswer, onError);
    setBusy(false);
  };
  const withPasskey = async () => {
    setBusy(true);
    try {
      const start = await passkeySignInOptions();
      const proof = await provePasskey(start.options);
      if (proof) onAnswer(await passkeySignIn(start.challenge, proof));
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  };
  const back = () => {
    setStep({ kind: "password" });
    setPassword("");
  };

  if (step.kind === "second") return <SecondStepForm challenge={step.challenge} methods={step.methods} onAnswer={onAnswer} onBack={back} onError={onError} />;
  if (step.kind === "enrol") return <EnrolForm challenge={step.challenge} onAnswer={onAnswer} onBack={back} />;
  if (step.kind === "forced")
    return <ForcedPasswordForm email={email.trim().toLowerCase()} currentPassword={password} challenge={step.challenge} onBack={back} onDone={onAnswer} />;
  if (step.kind === "codes")
    return (
      <AuthShell title={t("security.codesTitle")} subtitle={t("security.codesSubtitle")}>
        <RecoveryCodes codes={step.session.recoveryCodes ?? []} onDone={() => enter(step.session)} doneLabel={t("security.codesContinue")} />
      </AuthShell>
    );
  return (
    <AuthShell title={t("auth.title")} subtitle={t("auth.subtitle")} other={{ text: t("auth.noAccount"), link: t("auth.signupLink"), href: "/signup" }}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextInput
          label={t("auth.email")}
          type="email"
          name="email"
          autoComplete="username webauthn"
          autoFocus
          value={email}
          onValue={setEmail}
          error={errors.email}
        />
        <TextInput
          label={t("auth.password")}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onValue={setPassword}
          error={errors.password}
        />
        <Button type="submit" size="lg" loading={busy} className="mt-2 w-full">
          {t("auth.submit")}
        </Button>
        {passkeysSupported() && (
          <Button variant="secondary" size="lg" icon="shield" className="w-full" onClick={withPasskey} disabled={busy} data-testid="passkey-signin">
            {t("security.signInWithPasskey")}
          </Button>
        )}
      </form>
    </AuthShell>
  );
}
