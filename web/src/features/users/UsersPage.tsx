import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import type { User } from "../../api/types";
import { listUsers } from "../../api/users";
import { IconButton } from "../../components/Button";
import { CrudPage } from "../../components/CrudPage";
import { useT } from "../../i18n";
import { useCrudList } from "../../lib/useCrudList";
import { paged } from "../../lib/usePagedList";
import { allowed, user as me } from "../../stores/session";
import { USERS, UserModal } from "./UserModal";
import { ProfileBadge, UserName } from "./UsersTable";
import { UserSecurityModal } from "./UserSecurityModal";

/** /users: searchable, infinitely scrolling list with add/edit modal and delete confirmation; email folds under the name on small screens. */
export default function UsersPage() {
  useSignals();
  const t = useT();
  // The users search goes out from the first character (the other lists wait for three).
  const { page, editor } = useCrudList(USERS, paged(listUsers, "users", 1));
  const manage = allowed("users:manage");
  const myId = me.value?.id;
  const [securing, setSecuring] = useState<User | null>(null);

  return (
    <CrudPage
      page={page}
      icon="users"
      canAdd={manage}
      rowClass={() => "group hover:bg-raised/60"}
      mayEdit={(u) => manage || u.id === myId}
      mayDelete={(u) => manage && u.id !== myId}
      rowActions={(u) =>
        manage && u.id !== myId && <IconButton icon="shield" label={t("security.userAction")} onClick={() => setSecuring(u)} data-testid="user-security-open" />
      }
      dialogs={
        <>
          <UserModal {...editor} />
          <UserSecurityModal user={securing} onClose={() => setSecuring(null)} />
        </>
      }
      columns={[
        { label: "users.name", className: "w-full max-w-0 md:w-auto md:max-w-none", cell: (u) => <UserName user={u} you={u.id === myId} /> },
        { label: "users.email", from: "md", className: "text-muted", cell: (u) => u.email },
        { label: "users.profile", from: "sm", cell: (u) => <ProfileBadge profile={u.profile} /> },
      ]}
    />
  );
}
