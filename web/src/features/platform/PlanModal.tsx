import { PLAN_FLAGS, type PlanFlag } from "@contract/limits";
import { PlanForm } from "@contract/schemas/plans";
import { type Plan, plansApi } from "../../api/plans";
import { TextInput, Toggle } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { recordKind } from "../../lib/recordKind";
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
const NUMBERS = ["users", "connections", "queues", "value"] as const;

/** Plan as the kit handles them: the list page and this editor. */
export const PLANS = recordKind("plans", "plan", plansApi, plansStore);

/** Add or edit a plan: name, the three limits, monthly value (BRL), offered on signup, and the seven feature flags. */
export function PlanModal(props: EditorProps<Plan>) {
  const t = useT();
  const { field, modal } = useEntityForm(PLANS, props, {
    empty: EMPTY,
    fill: (p: Plan) => ({ ...p, users: String(p.users), connections: String(p.connections), queues: String(p.queues), value: String(p.value) }),
    schema: PlanForm,
    pins: PINS,
    body: (out, f) => ({ ...out, isPublic: f.isPublic, ...Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, f[flag]])) }),
  });
  return (
    <FormModal {...modal}>
      <TextInput label={t("plans.name")} autoFocus {...field("name")} />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {NUMBERS.map((key) => (
          <TextInput key={key} label={t(`plans.${key}`)} inputMode="decimal" {...field(key)} />
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Toggle label={t("plans.isPublic")} {...field("isPublic")} />
        {PLAN_FLAGS.map((f) => (
          <Toggle key={f} label={t(`plans.flags.${f}`)} {...field(f)} />
        ))}
      </div>
    </FormModal>
  );
}
