import { PROFILES } from "@contract/limits";
import { UserForm } from "@contract/schemas/users";
import { useState } from "react";
import { type Connection, listConnections } from "../../api/connections";
import { listQueues } from "../../api/queues";
import type { QueueRef, User } from "../../api/types";
import { usersApi } from "../../api/users";
import { MultiSelect, Select, TextInput } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { recordKind } from "../../lib/recordKind";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { usersStore } from "../../stores/lists";
import { allowed, changePassword, patchUser, user as me } from "../../stores/session";
import { toast } from "../../stores/toast";

const EMPTY = { name: "", email: "", password: "", currentPassword: "", profile: "user", queueIds: [] as number[], whatsappId: 0 };
const PINS = { ERR_EMAIL_ALREADY_EXISTS: "email", ERR_WRONG_CURRENT_PASSWORD: "currentPassword", ERR_PASSWORD_UNCHANGED: "password" };

/** Users as the kit handles them: the list page and this editor (whose save also changes one's own password). */
export const USERS = recordKind("users", "user", usersApi, usersStore);

/**
 * Add or edit a user (id null = new). Everyone edits name, email and password; only admins see
 * profile, queues and the default connection (R-USER-3). Queues come from GET /queue; when that fails (no queues module yet) the
 * select is simply hidden.
 */
export function UserModal(props: EditorProps<User>) {
  const t = useT();
  const admin = allowed("user-modal:editProfile");
  const userId = props.id;
  /** The profile dialog: one's own password needs the current one and goes through POST /auth/password. */
  const self = userId !== null && userId === me.value?.id;
  const [queues, setQueues] = useState<QueueRef[] | null>(null);
  const [conns, setConns] = useState<Connection[] | null>(null);
  const { field, modal, editing } = useEntityForm(USERS, props, {
    empty: EMPTY,
    onOpen: () => {
      if (admin) {
        listQueues().then(setQueues, () => setQueues(null));
        listConnections().then(setConns, () => setConns(null));
      }
    },
    fill: (u: User) => ({ ...EMPTY, name: u.name, email: u.email, profile: u.profile, queueIds: u.queues.map((q) => q.id), whatsappId: u.whatsappId ?? 0 }),
    schema: UserForm(userId !== null, self),
    pins: PINS,
    save: async ({ password, currentPassword, profile, name, email }, f) => {
      if (self && password) {
        // Ends every other session and continues in the new one before the rest is saved.
        await changePassword(currentPassword ?? "", password);
        toast("success", t("users.passwordChanged"));
      }
      const body = {
        name,
        email,
        ...(password && !self ? { password } : {}),
        ...(admin ? { profile, ...(queues ? { queueIds: f.queueIds } : {}), ...(conns ? { whatsappId: f.whatsappId || null } : {}) } : {}),
      };
      const saved = userId === null ? await USERS.api.create(body) : await USERS.api.update(userId, body);
      usersStore.upsert(saved);
      if (saved.id === me.value?.id) patchUser({ name: saved.name, email: saved.email, profile: saved.profile, queues: saved.queues });
      if (userId === null) props.onCreated?.(saved);
      return undefined;
    },
  });

  return (
    <FormModal {...modal} className="grid gap-4 sm:grid-cols-2">
      <TextInput label={t("users.name")} autoFocus {...field("name")} />
      <TextInput label={t("users.email")} type="email" autoComplete="off" {...field("email")} />
      <TextInput
        label={t("users.password")}
        type="password"
        autoComplete="new-password"
        hint={editing ? t("users.passwordHint") : undefined}
        {...field("password")}
      />
      {self && (
        <TextInput
          label={t("users.currentPassword")}
          type="password"
          autoComplete="current-password"
          hint={t("users.currentPasswordHint")}
          {...field("currentPassword")}
        />
      )}
      {admin && <Select label={t("users.profile")} options={PROFILES.map((p) => ({ value: p, label: t(`profiles.${p}`) }))} {...field("profile")} />}
      {admin && conns && (
        <div className="sm:col-span-2">
          <Select
            label={t("users.defaultConnection")}
            hint={t("users.defaultConnectionHint")}
            options={[{ value: 0, label: t("users.companyDefault") }, ...conns.map((c) => ({ value: c.id, label: c.name }))]}
            {...field("whatsappId")}
          />
        </div>
      )}
      {admin && queues && (
        <div className="sm:col-span-2">
          <MultiSelect label={t("users.queues")} options={queues.map((q) => ({ value: q.id, label: q.name, color: q.color }))} {...field("queueIds")} />
        </div>
      )}
    </FormModal>
  );
}
