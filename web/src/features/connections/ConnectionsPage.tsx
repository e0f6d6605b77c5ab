import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { type Connection, deleteConnection } from "../../api/connections";
import { Button } from "../../components/Button";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyState } from "../../components/EmptyState";
import { ListPage } from "../../components/ListPage";
import { Spinner } from "../../components/Spinner";
import { useT } from "../../i18n";
import { connections, connectionsLoaded, loadConnections, removeConnection } from "../../stores/connections";
import { allowed } from "../../stores/session";
import { toast, toastError } from "../../stores/toast";
import { ConnectionModal } from "./ConnectionModal";
import { ConnectionsTable } from "./ConnectionsTable";
import { QrModal } from "./QrModal";

/** /connections (core.md §2.5): the company's WhatsApp and sandbox connections with their sessions. */
export default function ConnectionsPage() {
  useSignals();
  const t = useT();
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Connection | null>(null);
  const [qrFor, setQrFor] = useState<number | null>(null);
  const list = connections.value;

  useEffect(() => {
    loadConnections().catch(toastError);
  }, []);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteConnection(deleting.id);
      removeConnection(deleting.id);
      toast("success", t("connections.deleted"));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <ListPage
      title={t("connections.title")}
      loading={!connectionsLoaded.value}
      itemCount={list.length}
      testId="connections-scroll"
      actions={
        allowed("connections-page:addConnection") && (
          <Button icon="plus" onClick={() => setEditing(null)} data-testid="connection-add">
            {t("connections.add")}
          </Button>
        )
      }
    >
      {!connectionsLoaded.value && list.length === 0 ? (
        <Spinner className="mx-auto my-10 size-6 text-brand-600" />
      ) : list.length === 0 ? (
        <EmptyState icon="globe" title={t("connections.empty")} />
      ) : (
        <ConnectionsTable list={list} onEdit={setEditing} onDelete={setDeleting} onQr={setQrFor} />
      )}
      <ConnectionModal open={editing !== undefined} connectionId={editing ?? null} onClose={() => setEditing(undefined)} />
      <QrModal connectionId={qrFor} onClose={() => setQrFor(null)} />
      <ConfirmDialog
        open={!!deleting}
        title={t("connections.confirmDelete.title", { name: deleting?.name ?? "" })}
        text={t("connections.confirmDelete.message")}
        confirmLabel={t("common.delete")}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </ListPage>
  );
}
