import { LoginBody } from "@contract/schemas/auth";
import { LIMITS } from "@contract/limits";
import { type FormEvent, useState } from "react";
import { Link, useLocation } from "wouter";
import { login } from "../../api/auth";
import { ApiError } from "../../api/client";
import { Button } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { t, useT } from "../../i18n";
import { daysUntil, formatDate } from "../../lib/format";
import { type FieldErrors, validate } from "../../lib/form";
import { startSession } from "../../stores/session";
import { AuthShell } from "./AuthShell";
import { ForcedPasswordForm } from "./ForcedPasswordForm";
import { toast, toastError } from "../../stores/toast";

/** Fewer than 5 days left: a warning toast, with singular "dia" at 1 (R-AUTH-6). */
function warnDueSoon(dueDate: string | null) {
  if (!dueDate) return;
  const days = daysUntil(dueDate);
  if (days < 0 || days >= LIMITS.subscriptionWarningDays) return;
  toast("warning", t(days === 1 ? "auth.dueSoonOne" : "auth.dueSoonMany", { count: days }), 6000);
}

/** /login: email and password; links to /signup, /term and /privacy. */
export default function LoginPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  /** Set when the password used was generated and must be changed first (forced change screen). */
  const [forced, setForced] = useState<{ email: string; password: string } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = validate(LoginBody, { email, password });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setBusy(true);
    try {
      const res = await login(checked.output.email, checked.output.password);
      startSession(res.token, res.user);
      toast("success", t("auth.success"));
      warnDueSoon(res.user.company.dueDate);
      navigate("/", { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === "ERR_PASSWORD_CHANGE_REQUIRED") {
        setForced({ email: checked.output.email, password: checked.output.password });
      } else if (err instanceof ApiError && err.code === "ERR_SUBSCRIPTION_EXPIRED") {
        toast("error", t("auth.subscriptionExpired", { date: formatDate(String(err.data.dueDate ?? "")) }), 6000);
      } else toastError(err);
    } finally {
      setBusy(false);
    }
  };

  if (forced) {
    return (
      <ForcedPasswordForm
        email={forced.email}
        currentPassword={forced.password}
        onBack={() => {
          setForced(null);
          setPassword("");
        }}
        onDone={() => {
          toast("success", t("auth.success"));
          navigate("/", { replace: true });
        }}
      />
    );
  }

  return (
    <AuthShell
      title={t("auth.title")}
      subtitle={t("auth.subtitle")}
      footer={
        <>
          {t("auth.noAccount")}{" "}
          <Link href="/signup" className="font-medium text-brand-700 hover:underline dark:text-brand-300">
            {t("auth.signupLink")}
          </Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextInput label={t("auth.email")} type="email" name="email" autoComplete="email" autoFocus value={email} onValue={setEmail} error={errors.email} />
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
      </form>
    </AuthShell>
  );
}
