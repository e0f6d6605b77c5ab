import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { useSearch } from "wouter";
import { type Connection, deleteConnection, getConnection } from "../../api/connections";
import { CrudPage } from "../../components/CrudPage";
import { useCrud } from "../../lib/useCrud";
import { connections, connectionsLoaded, loadConnections, removeConnection } from "../../stores/connections";
import { allowed } from "../../stores/session";
import { toastError } from "../../stores/toast";
import { CloudSetupModal } from "./CloudApiFields";
import { ConnectionModal } from "./ConnectionModal";
import { ConnectionsTable } from "./ConnectionsTable";
import { QrModal } from "./QrModal";

/** /connections (R-CONN-5): the company's WhatsApp, Cloud API and sandbox connections with their sessions. */
export default function ConnectionsPage() {
  useSignals();
  const [qrFor, setQrFor] = useState<number | null>(null);
  const [setupFor, setSetupFor] = useState<Connection | null>(null);
  const crud = useCrud<Connection>({ area: "connections", remove: deleteConnection, onRemoved: (w) => removeConnection(w.id) });
  const list = connections.value;
  const canAdd = allowed("connections-page:addConnection");

  useEffect(() => {
    loadConnections().catch(toastError);
  }, []);
  // /connections?edit=<id> (from the sandbox phone's "no menu" notice) opens that connection's editor.
  const editId = Number(new URLSearchParams(useSearch()).get("edit"));
  useEffect(() => {
    if (editId && allowed("connections-page:editOrDeleteConnection")) crud.edit(editId);
  }, [editId]);

  return (
    <CrudPage
      area="connections"
      testId="connections-scroll"
      icon="globe"
      list={{ loading: !connectionsLoaded.value, count: list.length }}
      itemCount={list.length}
      crud={crud}
      canAdd={canAdd}
      addTestId="connection-add"
      emptyHint={canAdd}
      dialogs={
        <>
          <ConnectionModal {...crud.editor} onCloudAdded={setSetupFor} />
          <QrModal connectionId={qrFor} onClose={() => setQrFor(null)} />
          <CloudSetupModal cloud={setupFor?.cloudApi ?? null} onClose={() => setSetupFor(null)} />
        </>
      }
    >
      <ConnectionsTable
        list={list}
        onEdit={crud.edit}
        onDelete={crud.askDelete}
        onQr={setQrFor}
        onCloudSetup={(id) => getConnection(id).then(setSetupFor, toastError)}
      />
    </CrudPage>
  );
}
