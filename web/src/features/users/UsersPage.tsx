import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { deleteUser, listUsers } from "../../api/users";
import type { User } from "../../api/types";
import { Button } from "../../components/Button";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ListPage } from "../../components/ListPage";
import { useT } from "../../i18n";
import { usePagedList } from "../../lib/usePagedList";
import { usersStore } from "../../stores/lists";
import { allowed } from "../../stores/session";
import { toast, toastError } from "../../stores/toast";
import { UserModal } from "./UserModal";
import { UsersTable } from "./UsersTable";

const fetchPage = (s: string, p: number) => listUsers(s, p).then((r) => ({ items: r.users, count: r.count, hasMore: r.hasMore }));

/** /users: searchable, infinitely scrolling list with add/edit modal and delete confirmation. */
export default function UsersPage() {
  useSignals();
  const t = useT();
  // The users search goes out from the first character (the other lists wait for three).
  const list = usePagedList(usersStore, fetchPage, 1);
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<User | null>(null);
  const manage = allowed("users:manage");
  const users = usersStore.items.value;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteUser(deleting.id);
      usersStore.remove(deleting.id);
      list.setCount((c) => Math.max(0, c - 1));
      toast("success", t("users.deleted"));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <ListPage
      title={t("users.title")}
      count={t("users.total", { count: list.count })}
      search={list.search}
      onSearch={list.setSearch}
      searchPlaceholder={t("users.search")}
      loading={list.loading}
      itemCount={users.length}
      onLoadMore={list.loadMore}
      testId="users-scroll"
      actions={
        manage && (
          <Button icon="plus" onClick={() => setEditing(null)} className="w-full sm:w-auto">
            {t("users.add")}
          </Button>
        )
      }
    >
      <UsersTable users={users} loading={list.loading} onEdit={(u) => setEditing(u.id)} onDelete={setDeleting} />
      <UserModal open={editing !== undefined} userId={editing ?? null} onClose={() => setEditing(undefined)} onCreated={() => list.setCount((c) => c + 1)} />
      <ConfirmDialog
        open={!!deleting}
        title={t("users.deleteTitle", { name: deleting?.name ?? "" })}
        text={t("users.deleteText")}
        confirmLabel={t("common.delete")}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </ListPage>
  );
}
