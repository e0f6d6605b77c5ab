import { SignupForm } from "@contract/schemas/companies";
import { type FormEvent, useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { login } from "../../api/auth";
import { signup } from "../../api/companies";
import { listPlans } from "../../api/plans";
import type { Plan } from "../../api/types";
import { Button } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { language, useT } from "../../i18n";
import { type FieldErrors, serverFieldErrors, validate } from "../../lib/form";
import { startSession } from "../../stores/session";
import { toast, toastError } from "../../stores/toast";
import { AuthShell } from "./AuthShell";
import { PlanPicker } from "./PlanPicker";

const EMPTY = { userName: "", name: "", phone: "", email: "", password: "" };
const PINS = { ERR_EMAIL_ALREADY_EXISTS: "email", ERR_COMPANY_NAME_ALREADY_EXISTS: "name", ERR_NO_PLAN_FOUND: "planId" };

/**
 * /signup: company self-sign-up on a 7-day trial (the person's name and the company's); it ends
 * signed in, on the home's first steps. Optional ?companyId is passed along.
 */
export default function SignupPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const companyId = new URLSearchParams(useSearch()).get("companyId") ?? undefined;
  const [form, setForm] = useState(EMPTY);
  const [planId, setPlanId] = useState(0);
  const [plans, setPlans] = useState<Plan[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    listPlans()
      .then((list) => {
        setPlans(list);
        if (list.length) setPlanId((id) => id || list[0].id);
      })
      .catch(toastError);
  }, []);

  const set = (key: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = validate(SignupForm, { ...form, planId });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setBusy(true);
    try {
      await signup({ ...checked.output, phone: checked.output.phone ?? "", companyId, language: language.peek() });
    } catch (err) {
      const fields = serverFieldErrors(err, PINS);
      setErrors(fields ?? {});
      // A taken e-mail or name is said at its field; anything else gets the failure text.
      if (!fields) toast("error", t("signup.failure"));
      setBusy(false);
      return;
    }
    try {
      const res = await login(checked.output.email, checked.output.password);
      startSession(res.token, res.user);
      toast("success", t("signup.successIn"));
      navigate("/", { replace: true });
    } catch {
      // Created but not signed in (e.g. a login limit): the person signs in by hand.
      toast("success", t("signup.success"));
      navigate("/login");
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell
      wide
      title={t("signup.title")}
      subtitle={t("signup.subtitle")}
      other={{ text: t("signup.haveAccount"), link: t("signup.loginLink"), href: "/login" }}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label={t("signup.userName")}
            name="userName"
            autoComplete="name"
            autoFocus
            value={form.userName}
            onValue={set("userName")}
            error={errors.userName}
          />
          <TextInput label={t("signup.name")} name="name" autoComplete="organization" value={form.name} onValue={set("name")} error={errors.name} />
          <TextInput label={t("signup.phone")} name="phone" type="tel" autoComplete="tel" value={form.phone} onValue={set("phone")} error={errors.phone} />
          <TextInput label={t("signup.email")} name="email" type="email" autoComplete="email" value={form.email} onValue={set("email")} error={errors.email} />
          <TextInput
            label={t("signup.password")}
            name="password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onValue={set("password")}
            error={errors.password}
          />
        </div>
        <PlanPicker plans={plans} value={planId} onChange={setPlanId} error={errors.planId} />
        <Button type="submit" size="lg" loading={busy} className="mt-2 w-full">
          {t("signup.submit")}
        </Button>
      </form>
    </AuthShell>
  );
}
