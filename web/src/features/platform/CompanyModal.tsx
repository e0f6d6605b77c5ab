import { CompanyForm } from "@contract/schemas/companies";
import { useEffect, useState } from "react";
import { type CompanyAdmin, type CompanyInput, companiesApi } from "../../api/companies";
import { listAllPlans, type Plan } from "../../api/plans";
import { Select, TextInput, Toggle } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { recordKind } from "../../lib/recordKind";
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

/** CompanyAdmin as the kit handles them: the list page and this editor. */
export const COMPANIES = recordKind("companies", "company", companiesApi, companiesStore);

/**
 * Add or edit a company (super users): plan, status, due date, recurrence, billing fields; a new one may get its admin's password.
 * Only MENSAL is offered as recurrence (R-BILL-5); another one set through the API stays shown.
 */
export function CompanyModal(props: EditorProps<CompanyAdmin>) {
  const t = useT();
  const { id, open } = props;
  const [plans, setPlans] = useState<Plan[]>([]);
  useEffect(() => {
    if (open) listAllPlans().then(setPlans, toastError);
  }, [open]);
  const { form, setForm, field, modal } = useEntityForm(COMPANIES, props, {
    empty: EMPTY,
    // (the default fill takes only the form's own fields: the answer's read-only ones, plan name, campaignsEnabled…, are not sent back)
    schema: CompanyForm,
    pins: PINS,
    // R-BILL-2: an empty or invalid due date is sent as null.
    body: (_out, { password, ...rest }) => ({ ...rest, dueDate: rest.dueDate || null, ...(id === null && password ? { password } : {}) }),
  });
  const set = <K extends keyof CompanyInput>(key: K, value: CompanyInput[K]) => setForm({ ...form, [key]: value });
  return (
    <FormModal {...modal} size="lg" className="grid gap-4 sm:grid-cols-2">
      <TextInput label={t("companies.name")} autoFocus {...field("name")} />
      <TextInput label={t("companies.email")} type="email" {...field("email")} />
      <TextInput label={t("companies.phone")} {...field("phone")} />
      <Select
        label={t("companies.plan")}
        options={[{ value: 0, label: t("companies.choosePlan") }, ...plans.map((p) => ({ value: p.id, label: p.name }))]}
        {...field("planId")}
      />
      <TextInput label={t("companies.dueDate")} name="dueDate" type="date" value={form.dueDate ?? ""} onValue={(v) => set("dueDate", v || null)} />
      <Select
        label={t("companies.recurrence")}
        options={[
          { value: "MENSAL", label: t("companies.monthly") },
          ...(form.recurrence !== "MENSAL" ? [{ value: form.recurrence, label: form.recurrence }] : []),
        ]}
        {...field("recurrence")}
      />
      {id === null && (
        <TextInput label={t("companies.password")} type="password" hint={t("companies.passwordHint")} {...field("password")} value={form.password ?? ""} />
      )}
      <div className="grid gap-3 sm:col-span-2 sm:grid-cols-2 sm:gap-4">
        <Toggle label={t("companies.statusActive")} {...field("status")} />
      </div>
      <FeatureGrants plan={plans.find((p) => p.id === form.planId)} grants={form.featureGrants} onChange={(g) => set("featureGrants", g)} />
      <p className="text-sm font-semibold text-ink sm:col-span-2">{t("companies.billing")}</p>
      {BILLING.map((k) => (
        <TextInput key={k} label={t(`companies.${k}`)} {...field(k)} />
      ))}
      {id !== null && (
        <CompanyInvoices
          companyId={id}
          onPaid={() =>
            companiesApi.get(id).then((c) => {
              companiesStore.upsert(c);
              setForm({ ...form, dueDate: c.dueDate });
            }, toastError)
          }
        />
      )}
    </FormModal>
  );
}
