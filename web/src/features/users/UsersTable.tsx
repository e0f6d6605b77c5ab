import type { Profile } from "@contract/limits";
import type { User } from "../../api/types";
import { Badge, Dot } from "../../components/Badge";
import { IconButton } from "../../components/Button";
import { RowActions } from "../../components/CrudPage";
import { ListTable } from "../../components/ListPage";
import { useT } from "../../i18n";
import { isOnline } from "../../stores/presence";
import { allowed, user as me } from "../../stores/session";

/** The badge colour of each profile (a display choice, not a permission). */
const PROFILE_TONES: Record<Profile, "brand" | "info" | "neutral"> = { admin: "brand", supervisor: "info", user: "neutral" };

function ProfileBadge({ profile }: { profile: string }) {
  const t = useT();
  return <Badge tone={PROFILE_TONES[profile as Profile] ?? "neutral"}>{t(`profiles.${profile}`)}</Badge>;
}

/** Users table: name (with online dot), email, profile, actions. Email folds under the name on small screens. */
export function UsersTable({
  users,
  loading,
  onEdit,
  onDelete,
  onSecurity,
}: {
  users: User[];
  loading: boolean;
  onEdit: (u: User) => void;
  onDelete: (u: User) => void;
  /** An admin opens the user's sessions and second factor. */
  onSecurity: (u: User) => void;
}) {
  const t = useT();
  const manage = allowed("users:manage");
  const myId = me.value?.id;
  return (
    <ListTable
      loading={loading}
      columns={[
        { label: t("users.name") },
        { label: t("users.email"), className: "hidden md:table-cell" },
        { label: t("users.profile"), className: "hidden sm:table-cell" },
        { label: t("common.actions"), className: "text-right" },
      ]}
    >
      {users.map((u) => (
        <tr key={u.id} data-testid="user-row" className="group hover:bg-raised/60">
          <td className="w-full max-w-0 border-b border-line px-4 py-3 md:w-auto md:max-w-none">
            <div className="flex min-w-0 items-center gap-3">
              <span className="relative flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800 dark:bg-brand-500/15 dark:text-brand-200">
                {u.name.slice(0, 1).toUpperCase()}
                <Dot on={isOnline(u.id, u.online)} className="absolute -right-0.5 -bottom-0.5 ring-2 ring-surface" />
              </span>
              <div className="min-w-0">
                <p className="truncate font-medium text-ink">
                  {u.name}
                  {u.id === myId && <span className="ml-1.5 text-xs font-normal text-subtle">({t("users.you")})</span>}
                </p>
                <p className="truncate text-xs text-muted md:hidden">{u.email}</p>
                <span className="mt-1 inline-block sm:hidden">
                  <ProfileBadge profile={u.profile} />
                </span>
              </div>
            </div>
          </td>
          <td className="hidden border-b border-line px-4 py-3 text-muted md:table-cell">{u.email}</td>
          <td className="hidden border-b border-line px-4 py-3 sm:table-cell">
            <ProfileBadge profile={u.profile} />
          </td>
          <RowActions
            extra={
              manage &&
              u.id !== myId && <IconButton icon="shield" label={t("security.userAction")} onClick={() => onSecurity(u)} data-testid="user-security-open" />
            }
            onEdit={manage || u.id === myId ? () => onEdit(u) : undefined}
            onDelete={manage && u.id !== myId ? () => onDelete(u) : undefined}
          />
        </tr>
      ))}
    </ListTable>
  );
}
