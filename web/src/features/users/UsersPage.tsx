import { LIMITS } from "@contract/limits";
import { useSignals } from "@preact/signals-react/runtime";
import { type UIEvent, useEffect, useRef, useState } from "react";
import { deleteUser } from "../../api/users";
import type { User } from "../../api/types";
import { Badge } from "../../components/Badge";
import { Button } from "../../components/Button";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { Icon } from "../../components/Icon";
import { useT } from "../../i18n";
import { allowed } from "../../stores/session";
import { toast, toastError } from "../../stores/toast";
import { removeUser, usersList } from "../../stores/users";
import { UserModal } from "./UserModal";
import { UsersTable } from "./UsersTable";
import { useUsers } from "./useUsers";

/** /users: searchable, infinitely scrolling list with add/edit modal and delete confirmation. */
export default function UsersPage() {
  useSignals();
  const t = useT();
  const { search, setSearch, loading, loadMore, count, setCount } = useUsers();
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<User | null>(null);
  const manage = allowed("users:manage");
  const scroller = useRef<HTMLDivElement>(null);

  // A first page that does not fill the box never scrolls: keep loading until it does.
  useEffect(() => {
    const el = scroller.current;
    if (el && !loading && el.scrollHeight <= el.clientHeight + LIMITS.infiniteScrollPx) loadMore();
  }, [loading, usersList.value.length]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < LIMITS.infiniteScrollPx) loadMore();
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteUser(deleting.id);
      removeUser(deleting.id);
      setCount((c) => Math.max(0, c - 1));
      toast("success", t("users.deleted"));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <div className="flex h-full flex-col gap-5 px-4 py-6 sm:px-8">
      <div className="flex flex-wrap items-center gap-3">
        <div className="mr-auto flex items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight text-ink">{t("users.title")}</h1>
          <Badge tone="brand">{t("users.total", { count })}</Badge>
        </div>
        <label className="relative w-full sm:w-72">
          <span className="sr-only">{t("common.search")}</span>
          <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle" />
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t("users.search")}
            className="h-10 w-full rounded-lg border border-line bg-surface pr-3 pl-9 text-sm text-ink shadow-sm placeholder:text-subtle focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 focus:outline-none"
          />
        </label>
        {manage && (
          <Button icon="plus" onClick={() => setEditing(null)} className="w-full sm:w-auto">
            {t("users.add")}
          </Button>
        )}
      </div>
      <div ref={scroller} onScroll={onScroll} data-testid="users-scroll" className="min-h-0 overflow-auto rounded-card border border-line bg-surface shadow-card">
        <UsersTable users={usersList.value} loading={loading} onEdit={(u) => setEditing(u.id)} onDelete={setDeleting} />
      </div>
      <UserModal open={editing !== undefined} userId={editing ?? null} onClose={() => setEditing(undefined)} onCreated={() => setCount((c) => c + 1)} />
      <ConfirmDialog
        open={!!deleting}
        title={t("users.deleteTitle", { name: deleting?.name ?? "" })}
        text={t("users.deleteText")}
        confirmLabel={t("common.delete")}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
