import { AUDIT_EVENTS } from "@contract/audit";
import { useEffect, useState } from "react";
import type { AuditFilters as Filters } from "../../api/audit";
import { api } from "../../api/client";
import type { User } from "../../api/types";
import { Select, TextInput } from "../../components/Field";
import { useT } from "../../i18n";
import { eventKey } from "./events";

/** The filters of the audit log: user, event, object (kind and id), period. */
export function AuditFilters({ value, onChange }: { value: Filters; onChange: (f: Filters) => void }) {
  const t = useT();
  const [users, setUsers] = useState<User[]>([]);
  useEffect(() => void api<User[]>("/users/list").then(setUsers, () => setUsers([])), []);
  const set = (patch: Filters) => onChange({ ...value, ...patch });
  return (
    <div className="grid grid-cols-2 gap-3 border-b border-line p-4 lg:grid-cols-6" data-testid="audit-filters">
      <div className="col-span-2 lg:col-span-1">
        <Select
          label={t("audit.user")}
          value={value.userId ?? ""}
          options={[{ value: "" as const, label: t("audit.anyone") }, ...users.map((u) => ({ value: u.id, label: u.name }))]}
          onValue={(v) => set({ userId: v === "" ? "" : Number(v) })}
        />
      </div>
      <div className="col-span-2">
        <Select
          label={t("audit.event")}
          value={value.event ?? ""}
          options={[{ value: "", label: t("audit.anyEvent") }, ...AUDIT_EVENTS.map((e) => ({ value: e, label: t(eventKey(e)) }))]}
          onValue={(v) => set({ event: v })}
        />
      </div>
      <TextInput
        label={t("audit.objectType")}
        value={value.targetType ?? ""}
        onValue={(v) => set({ targetType: v.trim() })}
        placeholder="user"
        maxLength={40}
      />
      <TextInput label={t("audit.objectId")} value={value.targetId ?? ""} onValue={(v) => set({ targetId: v.trim() })} maxLength={100} />
      <TextInput label={t("audit.from")} type="date" value={value.from ?? ""} onValue={(v) => set({ from: v })} />
      <TextInput label={t("audit.to")} type="date" value={value.to ?? ""} onValue={(v) => set({ to: v })} />
    </div>
  );
}
