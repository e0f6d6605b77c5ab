import { useSignals } from "@preact/signals-react/runtime";
import type { User } from "../../api/types";
import { deleteUser, listUsers } from "../../api/users";
import { CrudPage } from "../../components/CrudPage";
import { useCrud } from "../../lib/useCrud";
import { usePagedList } from "../../lib/usePagedList";
import { usersStore } from "../../stores/lists";
import { allowed } from "../../stores/session";
import { UserModal } from "./UserModal";
import { UsersTable } from "./UsersTable";
import { UserSecurityModal } from "./UserSecurityModal";
import { useState } from "react";

const fetchPage = (s: string, p: number) => listUsers(s, p).then((r) => ({ items: r.users, count: r.count, hasMore: r.hasMore }));

/** /users: searchable, infinitely scrolling list with add/edit modal and delete confirmation. */
export default function UsersPage() {
  useSignals();
  // The users search goes out from the first character (the other lists wait for three).
  const list = usePagedList(usersStore, fetchPage, 1);
  const manage = allowed("users:manage");
  const crud = useCrud<User>({ area: "users", remove: deleteUser, store: usersStore, list });
  const users = usersStore.items.value;
  const [securing, setSecuring] = useState<User | null>(null);

  return (
    <CrudPage
      area="users"
      testId="users-scroll"
      icon="users"
      list={list}
      itemCount={users.length}
      crud={crud}
      canAdd={manage}
      emptyHint={manage}
      dialogs={
        <>
          <UserModal {...crud.editor} onCreated={() => list.setCount((c) => c + 1)} />
          <UserSecurityModal user={securing} onClose={() => setSecuring(null)} />
        </>
      }
    >
      <UsersTable users={users} loading={list.loading} onEdit={(u) => crud.edit(u.id)} onDelete={crud.askDelete} onSecurity={setSecuring} />
    </CrudPage>
  );
}
