import { CompanyForm } from "@contract/schemas/companies";
import { useEffect, useState } from "react";
import { type CompanyAdmin, type CompanyInput, createCompany, getAdminCompany, updateCompany } from "../../api/companies";
import { listAllPlans, type Plan } from "../../api/plans";
import { Select, TextInput, Toggle } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { toastError } from "../../stores/toast";
import { CompanyInvoices } from "./CompanyInvoices";
import { FeatureGrants } from "./FeatureGrants";
import { companiesStore } from "./stores";

const PINS = { ERR_COMPANY_NAME_ALREADY_EXISTS: "name", ERR_EMAIL_ALREADY_EXISTS: "email" };

const EMPTY: CompanyInput = {
  name: "",
  email: "",
  phone: "",
  planId: 0,
  status: true,
  dueDate: null,
  recurrence: "MENSAL",
  featureGrants: [],
  billingName: "",
  address: "",
  city: "",
  state: "",
  zipcode: "",
  country: "",
  password: "",
};

const BILLING = ["billingName", "address", "city", "state", "zipcode", "country"] as const;

/**
 * Add or edit a company (super users): plan, status, due date, recurrence, billing fields; a new one may get its admin's password.
 * Only MENSAL is offered as recurrence (R-BILL-5); another one set through the API stays shown.
 */
export function CompanyModal({ open, id, onClose, onCreated }: EditorProps) {
  const t = useT();
  const [plans, setPlans] = useState<Plan[]>([]);
  useEffect(() => {
    if (open) listAllPlans().then(setPlans, toastError);
  }, [open]);
  const { form, setForm, errors, loading, busy, submit } = useEntityForm({
    open,
    id,
    empty: EMPTY,
    load: (companyId) => (companyId === null ? null : getAdminCompany(companyId)),
    // only the form's own fields: the answer's read-only ones (plan name, campaignsEnabled…) are not sent back
    fill: (c: CompanyAdmin): CompanyInput =>
      Object.fromEntries(Object.entries(EMPTY).map(([k, v]) => [k, c[k as keyof CompanyAdmin] ?? v])) as unknown as CompanyInput,
    schema: CompanyForm,
    pins: PINS,
    save: async () => {
      const { password, ...rest } = form;
      // R-BILL-2: an empty or invalid due date is sent as null.
      const body = { ...rest, dueDate: form.dueDate || null, ...(id === null && password ? { password } : {}) };
      companiesStore.upsert(id === null ? await createCompany(body) : await updateCompany(id, body));
      if (id === null) onCreated?.();
      return undefined;
    },
    savedText: "companies.saved",
    onClose,
  });
  const set = <K extends keyof CompanyInput>(key: K, value: CompanyInput[K]) => setForm({ ...form, [key]: value });
  return (
    <FormModal
      open={open}
      onClose={onClose}
      size="lg"
      title={t(id === null ? "companies.addTitle" : "companies.editTitle")}
      formId="company-form"
      onSubmit={submit}
      busy={busy}
      loading={loading}
      className="grid gap-4 sm:grid-cols-2"
    >
      <TextInput label={t("companies.name")} name="name" autoFocus value={form.name} onValue={(v) => set("name", v)} error={errors.name} />
      <TextInput label={t("companies.email")} name="email" type="email" value={form.email} onValue={(v) => set("email", v)} error={errors.email} />
      <TextInput label={t("companies.phone")} name="phone" value={form.phone} onValue={(v) => set("phone", v)} />
      <Select
        label={t("companies.plan")}
        value={form.planId}
        options={[{ value: 0, label: t("companies.choosePlan") }, ...plans.map((p) => ({ value: p.id, label: p.name }))]}
        onValue={(v) => set("planId", v)}
        error={errors.planId}
      />
      <TextInput label={t("companies.dueDate")} name="dueDate" type="date" value={form.dueDate ?? ""} onValue={(v) => set("dueDate", v || null)} />
      <Select
        label={t("companies.recurrence")}
        value={form.recurrence}
        options={[
          { value: "MENSAL", label: t("companies.monthly") },
          ...(form.recurrence !== "MENSAL" ? [{ value: form.recurrence, label: form.recurrence }] : []),
        ]}
        onValue={(v) => set("recurrence", v)}
      />
      {id === null && (
        <TextInput
          label={t("companies.password")}
          name="password"
          type="password"
          hint={t("companies.passwordHint")}
          value={form.password ?? ""}
          onValue={(v) => set("password", v)}
        />
      )}
      <div className="grid gap-3 sm:col-span-2 sm:grid-cols-2 sm:gap-4">
        <Toggle label={t("companies.statusActive")} checked={form.status} onChange={(v) => set("status", v)} />
      </div>
      <FeatureGrants plan={plans.find((p) => p.id === form.planId)} grants={form.featureGrants} onChange={(g) => set("featureGrants", g)} />
      <p className="text-sm font-semibold text-ink sm:col-span-2">{t("companies.billing")}</p>
      {BILLING.map((k) => (
        <TextInput key={k} label={t(`companies.${k}`)} name={k} value={form[k]} onValue={(v) => set(k, v)} />
      ))}
      {id !== null && (
        <CompanyInvoices
          companyId={id}
          onPaid={() =>
            getAdminCompany(id).then((c) => {
              companiesStore.upsert(c);
              setForm({ ...form, dueDate: c.dueDate });
            }, toastError)
          }
        />
      )}
    </FormModal>
  );
}
