import { PLAN_FLAGS, type PlanFlag } from "@contract/limits";
import { PlanForm } from "@contract/schemas/plans";
import { createPlan, getPlan, type Plan, updatePlan } from "../../api/plans";
import { TextInput, Toggle } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { plansStore } from "./stores";

const PINS = { ERR_PLAN_NAME_ALREADY_EXISTS: "name" };

type PlanFormValues = { name: string; users: string; connections: string; queues: string; value: string; isPublic: boolean } & Record<PlanFlag, boolean>;

const EMPTY: PlanFormValues = {
  name: "",
  users: "10",
  connections: "10",
  queues: "10",
  value: "0",
  isPublic: true,
  ...(Object.fromEntries(PLAN_FLAGS.map((f) => [f, true])) as Record<PlanFlag, boolean>),
};

/** Add or edit a plan: name, the three limits, monthly value (BRL), offered on signup, and the seven feature flags. */
export function PlanModal({ open, id, onClose }: EditorProps) {
  const t = useT();
  const { form, setForm, errors, loading, busy, submit } = useEntityForm({
    open,
    id,
    empty: EMPTY,
    load: (planId) => (planId === null ? null : getPlan(planId)),
    fill: (p: Plan) => ({ ...p, users: String(p.users), connections: String(p.connections), queues: String(p.queues), value: String(p.value) }),
    schema: PlanForm,
    pins: PINS,
    save: async (out) => {
      const body = { ...out, isPublic: form.isPublic, ...Object.fromEntries(PLAN_FLAGS.map((f) => [f, form[f]])) } as Omit<Plan, "id">;
      plansStore.upsert(id === null ? await createPlan(body) : await updatePlan(id, body));
      return undefined;
    },
    savedText: "plans.saved",
    onClose,
  });
  const num = (key: "users" | "connections" | "queues" | "value") => (
    <TextInput label={t(`plans.${key}`)} name={key} inputMode="decimal" value={form[key]} onValue={(v) => setForm({ ...form, [key]: v })} error={errors[key]} />
  );
  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={t(id === null ? "plans.addTitle" : "plans.editTitle")}
      formId="plan-form"
      onSubmit={submit}
      busy={busy}
      loading={loading}
    >
      <TextInput label={t("plans.name")} name="name" autoFocus value={form.name} onValue={(name) => setForm({ ...form, name })} error={errors.name} />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {num("users")}
        {num("connections")}
        {num("queues")}
        {num("value")}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Toggle label={t("plans.isPublic")} checked={form.isPublic} onChange={(isPublic) => setForm({ ...form, isPublic })} />
        {PLAN_FLAGS.map((f) => (
          <Toggle key={f} label={t(`plans.flags.${f}`)} checked={form[f]} onChange={(on) => setForm({ ...form, [f]: on })} />
        ))}
      </div>
    </FormModal>
  );
}
