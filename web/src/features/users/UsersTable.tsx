import type { Profile } from "@contract/limits";
import type { User } from "../../api/types";
import { Badge, Dot } from "../../components/Badge";
import { useT } from "../../i18n";
import { isOnline } from "../../stores/presence";

/** The badge colour of each profile (a display choice, not a permission). */
const PROFILE_TONES: Record<Profile, "brand" | "info" | "neutral"> = { admin: "brand", supervisor: "info", user: "neutral" };

/** A user's profile as a badge (admin, supervisor, user). */
export function ProfileBadge({ profile }: { profile: string }) {
  const t = useT();
  return <Badge tone={PROFILE_TONES[profile as Profile] ?? "neutral"}>{t(`profiles.${profile}`)}</Badge>;
}

/** The users table's first cell: initial with the online dot, name ("you" for oneself), and on small screens the email and profile. */
export function UserName({ user: u, you }: { user: User; you: boolean }) {
  const t = useT();
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span className="relative flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800 dark:bg-brand-500/15 dark:text-brand-200">
        {u.name.slice(0, 1).toUpperCase()}
        <Dot on={isOnline(u.id, u.online)} className="absolute -right-0.5 -bottom-0.5 ring-2 ring-surface" />
      </span>
      <div className="min-w-0">
        <p className="truncate font-medium text-ink">
          {u.name}
          {you && <span className="ml-1.5 text-xs font-normal text-subtle">({t("users.you")})</span>}
        </p>
        <p className="truncate text-xs text-muted md:hidden">{u.email}</p>
        <span className="mt-1 inline-block sm:hidden">
          <ProfileBadge profile={u.profile} />
        </span>
      </div>
    </div>
  );
}
