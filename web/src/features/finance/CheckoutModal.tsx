import { CheckoutForm } from "@contract/schemas/invoices";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { type CheckoutInput, type Invoice, type PixCharge, subscribe } from "../../api/invoices";
import { listPlans, type Plan } from "../../api/plans";
import { Button } from "../../components/Button";
import { Select, TextInput } from "../../components/Field";
import { Modal } from "../../components/Modal";
import { useT } from "../../i18n";
import { type FieldErrors, validate } from "../../lib/form";
import { formatMoney } from "../../lib/format";
import { planLimits } from "../../lib/plan";
import { plan as currentPlan, user } from "../../stores/session";
import { useSubmit } from "../../lib/useSubmit";
import { toastError } from "../../stores/toast";
import { PixScreen } from "./PixScreen";

const STEPS = ["checkout.stepData", "checkout.stepPlan", "checkout.stepReview"] as const;

/** The three-step checkout (R-BILL-10): Dados, Personalizar (choosing a plan advances), Revisar (PAGAR), then the Pix screen. */
export function CheckoutModal({ open, invoice, onClose }: { open: boolean; invoice: Invoice | null; onClose: () => void }) {
  useSignals();
  const t = useT();
  const [step, setStep] = useState(0);
  const [plans, setPlans] = useState<Plan[]>([]);
  const [form, setForm] = useState<CheckoutInput>(() => emptyForm());
  const [errors, setErrors] = useState<FieldErrors>({});
  const action = useSubmit();
  const [charge, setCharge] = useState<PixCharge | null>(null);

  useEffect(() => {
    if (!open) return;
    setStep(0);
    setCharge(null);
    setErrors({});
    setForm(emptyForm(invoice?.id));
    listPlans().then(setPlans, toastError);
  }, [open, invoice?.id]);

  const chosen = plans.find((p) => p.id === form.planId) ?? currentPlan.value;
  const set = (key: keyof CheckoutInput, value: string) => setForm({ ...form, [key]: value });

  const next = () => {
    const checked = validate(CheckoutForm, form);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setStep(1);
  };
  const pay = () => action.run(async () => setCharge(await subscribe(form)), { done: "checkout.created" });

  return (
    <Modal open={open} onClose={onClose} title={t("checkout.title")} size="lg">
      {charge ? (
        <PixScreen charge={charge} />
      ) : (
        <div className="flex flex-col gap-5" data-testid="checkout">
          <ol className="flex gap-2 text-xs font-medium">
            {STEPS.map((label, i) => (
              <li
                key={label}
                className={`flex-1 border-t-2 pt-2 ${i <= step ? "border-brand-600 text-brand-700 dark:text-brand-300" : "border-line text-muted"}`}
              >
                {i + 1}. {t(label)}
              </li>
            ))}
          </ol>
          {step === 0 && (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextInput
                label={t("checkout.firstName")}
                name="firstName"
                autoFocus
                value={form.firstName}
                onValue={(v) => set("firstName", v)}
                error={errors.firstName}
              />
              <TextInput label={t("checkout.address")} name="address2" value={form.address2} onValue={(v) => set("address2", v)} error={errors.address2} />
              <TextInput label={t("checkout.city")} name="city" value={form.city} onValue={(v) => set("city", v)} error={errors.city} />
              <TextInput label={t("checkout.state")} name="state" value={form.state} onValue={(v) => set("state", v)} />
              <TextInput label={t("checkout.zipcode")} name="zipcode" value={form.zipcode} onValue={(v) => set("zipcode", v)} error={errors.zipcode} />
              <Select
                label={t("checkout.country")}
                value={form.country}
                options={[
                  { value: "BR", label: t("checkout.countryBR") },
                  { value: "usa", label: t("checkout.countryUSA") },
                ]}
                onValue={(v) => set("country", v)}
                error={errors.country}
              />
            </div>
          )}
          {step === 1 && (
            <div className="grid gap-3 sm:grid-cols-2">
              {plans.map((p) => (
                <button
                  key={p.id}
                  type="button"
                  data-testid="checkout-plan"
                  onClick={() => {
                    setForm({ ...form, planId: p.id });
                    setStep(2);
                  }}
                  className={`rounded-card border p-4 text-left transition-colors hover:border-brand-500 ${p.id === form.planId ? "border-brand-600 bg-brand-50 dark:bg-brand-500/10" : "border-line"}`}
                >
                  <p className="font-semibold text-ink">{p.name}</p>
                  <p className="text-sm text-muted">{planLimits(p)}</p>
                  <p className="mt-2 text-lg font-semibold text-brand-700 dark:text-brand-300">{t("checkout.perMonth", { value: formatMoney(p.value) })}</p>
                </button>
              ))}
            </div>
          )}
          {step === 2 && chosen && (
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm" data-testid="checkout-review">
              <dt className="text-muted">{t("checkout.firstName")}</dt>
              <dd className="text-ink">{form.firstName}</dd>
              <dt className="text-muted">{t("checkout.address")}</dt>
              <dd className="text-ink">{[form.address2, form.city, form.state, form.zipcode, form.country].filter(Boolean).join(", ")}</dd>
              <dt className="text-muted">{t("checkout.plan")}</dt>
              <dd className="text-ink">{chosen.name}</dd>
              <dt className="text-muted">{t("checkout.total")}</dt>
              <dd className="text-lg font-semibold text-ink">{t("checkout.perMonth", { value: formatMoney(chosen.value) })}</dd>
            </dl>
          )}
          <div className="flex justify-between gap-2 border-t border-line pt-4">
            <Button variant="secondary" onClick={step === 0 ? onClose : () => setStep(step - 1)}>
              {t(step === 0 ? "common.cancel" : "common.back")}
            </Button>
            {step === 0 && <Button onClick={next}>{t("checkout.next")}</Button>}
            {step === 2 && (
              <Button onClick={pay} loading={action.busy}>
                {t("checkout.pay")}
              </Button>
            )}
          </div>
        </div>
      )}
    </Modal>
  );

  function emptyForm(invoiceId?: number): CheckoutInput {
    const u = user.peek();
    return { firstName: u?.name ?? "", lastName: "", address2: "", city: "", state: "", zipcode: "", country: "BR", planId: u?.company.planId ?? 0, invoiceId };
  }
}
