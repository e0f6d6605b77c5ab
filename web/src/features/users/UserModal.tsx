import { PROFILES } from "@contract/limits";
import { UserForm } from "@contract/schemas/users";
import { useState } from "react";
import { type Connection, listConnections } from "../../api/connections";
import { listQueues } from "../../api/queues";
import type { QueueRef } from "../../api/types";
import { createUser, getUser, updateUser } from "../../api/users";
import { MultiSelect, Select, TextInput } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { usersStore } from "../../stores/lists";
import { allowed, changePassword, patchUser, user as me } from "../../stores/session";
import { toast } from "../../stores/toast";

const EMPTY = { name: "", email: "", password: "", currentPassword: "", profile: "user" };
const PINS = { ERR_EMAIL_ALREADY_EXISTS: "email", ERR_WRONG_CURRENT_PASSWORD: "currentPassword", ERR_PASSWORD_UNCHANGED: "password" };

/**
 * Add or edit a user (userId null = new). Everyone edits name, email and password; only admins see
 * profile, queues and the default connection (R-USER-3). Queues come from GET /queue; when that fails (no queues module yet) the
 * select is simply hidden.
 */
export function UserModal({ open, id: userId, onClose, onCreated }: EditorProps) {
  const t = useT();
  const admin = allowed("user-modal:editProfile");
  const editing = userId !== null;
  /** The profile dialog: one's own password needs the current one and goes through POST /auth/password. */
  const self = editing && userId === me.value?.id;
  const [queueIds, setQueueIds] = useState<number[]>([]);
  const [queues, setQueues] = useState<QueueRef[] | null>(null);
  const [whatsappId, setWhatsappId] = useState(0);
  const [conns, setConns] = useState<Connection[] | null>(null);
  const { form, setForm, errors, loading, busy, submit } = useEntityForm({
    open,
    id: userId,
    empty: EMPTY,
    onOpen: () => {
      setQueueIds([]);
      setWhatsappId(0);
      if (admin) {
        listQueues().then(setQueues, () => setQueues(null));
        listConnections().then(setConns, () => setConns(null));
      }
    },
    load: (id) => (id === null ? null : getUser(id)),
    fill: (u) => {
      setQueueIds(u.queues.map((q) => q.id));
      setWhatsappId(u.whatsappId ?? 0);
      return { name: u.name, email: u.email, password: "", currentPassword: "", profile: u.profile };
    },
    schema: UserForm(editing, self),
    pins: PINS,
    save: async ({ password, currentPassword, profile, ...rest }) => {
      if (self && password) {
        // Ends every other session and continues in the new one before the rest is saved.
        await changePassword(currentPassword ?? "", password);
        toast("success", t("users.passwordChanged"));
      }
      const body = {
        ...rest,
        ...(password && !self ? { password } : {}),
        ...(admin ? { profile, ...(queues ? { queueIds } : {}), ...(conns ? { whatsappId: whatsappId || null } : {}) } : {}),
      };
      const saved = editing ? await updateUser(userId, body) : await createUser(body);
      usersStore.upsert(saved);
      if (saved.id === me.value?.id) patchUser({ name: saved.name, email: saved.email, profile: saved.profile, queues: saved.queues });
      if (!editing) onCreated?.();
    },
    savedText: "users.saved",
    onClose,
  });

  const set = (key: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={t(editing ? "users.editTitle" : "users.addTitle")}
      formId="user-form"
      onSubmit={submit}
      busy={busy}
      loading={loading}
      className="grid gap-4 sm:grid-cols-2"
    >
      <TextInput label={t("users.name")} name="name" autoFocus value={form.name} onValue={set("name")} error={errors.name} />
      <TextInput label={t("users.email")} name="email" type="email" autoComplete="off" value={form.email} onValue={set("email")} error={errors.email} />
      <TextInput
        label={t("users.password")}
        name="password"
        type="password"
        autoComplete="new-password"
        value={form.password}
        onValue={set("password")}
        error={errors.password}
        hint={editing ? t("users.passwordHint") : undefined}
      />
      {self && (
        <TextInput
          label={t("users.currentPassword")}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={form.currentPassword}
          onValue={set("currentPassword")}
          error={errors.currentPassword}
          hint={t("users.currentPasswordHint")}
        />
      )}
      {admin && (
        <Select
          label={t("users.profile")}
          value={form.profile}
          onValue={set("profile")}
          options={PROFILES.map((p) => ({ value: p, label: t(`profiles.${p}`) }))}
          error={errors.profile}
        />
      )}
      {admin && conns && (
        <div className="sm:col-span-2">
          <Select
            label={t("users.defaultConnection")}
            value={whatsappId}
            onValue={setWhatsappId}
            options={[{ value: 0, label: t("users.companyDefault") }, ...conns.map((c) => ({ value: c.id, label: c.name }))]}
          />
          <p className="mt-1 text-xs text-muted">{t("users.defaultConnectionHint")}</p>
        </div>
      )}
      {admin && queues && (
        <div className="sm:col-span-2">
          <MultiSelect
            label={t("users.queues")}
            value={queueIds}
            onValue={setQueueIds}
            options={queues.map((q) => ({ value: q.id, label: q.name, color: q.color }))}
          />
        </div>
      )}
    </FormModal>
  );
}
