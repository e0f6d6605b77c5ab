import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { Link, useSearch } from "wouter";
import { type Connection, connectionsApi } from "../../api/connections";
import { IconButton } from "../../components/Button";
import { CrudPage } from "../../components/CrudPage";
import { Icon } from "../../components/Icon";
import { useT } from "../../i18n";
import { formatDateTime } from "../../lib/format";
import { listIds } from "../../lib/recordKind";
import { useCrud } from "../../lib/useCrud";
import { onSocketReady } from "../../realtime/socket";
import { connections, connectionsLoaded, loadConnections, removeConnection } from "../../stores/connections";
import { allowed } from "../../stores/session";
import { toastError } from "../../stores/toast";
import { isMobile } from "../../stores/ui";
import { CloudSetupModal } from "./CloudApiFields";
import { CONNECTIONS, ConnectionModal } from "./ConnectionModal";
import { ConnectionName, ConnectionStatus } from "./ConnectionsTable";
import { QrModal } from "./QrModal";
import { SessionButtons } from "./SessionButtons";

/** /connections (R-CONN-5): the company's WhatsApp, Cloud API and sandbox connections with their sessions. */
export default function ConnectionsPage() {
  useSignals();
  const t = useT();
  const [qrFor, setQrFor] = useState<number | null>(null);
  const [setupFor, setSetupFor] = useState<Connection | null>(null);
  const crud = useCrud<Connection>({ area: "connections", remove: CONNECTIONS.api.remove, onRemoved: (w) => removeConnection(w.id) });
  const items = connections.value;
  const canAdd = allowed("connections-page:addConnection");
  const sessions = allowed("connections-page:actionButtons");
  const manage = allowed("connections-page:editOrDeleteConnection");
  // At phone width one cell holds the name, status and session buttons (no sideways scrolling).
  const narrow = isMobile.value;

  useEffect(() => {
    loadConnections().catch(toastError);
    // A state that changed before the socket was up (the page just opened, or the socket came back) is read again.
    return onSocketReady(() => void loadConnections(true).catch(() => {}));
  }, []);
  // /connections?edit=<id> (from the sandbox phone's "no menu" notice) opens that connection's editor.
  const editId = Number(new URLSearchParams(useSearch()).get("edit"));
  useEffect(() => {
    if (editId && allowed("connections-page:editOrDeleteConnection")) crud.edit(editId);
  }, [editId]);

  return (
    <CrudPage
      page={{ area: "connections", list: { loading: !connectionsLoaded.value, count: items.length }, crud, items, ...listIds(CONNECTIONS) }}
      icon="globe"
      canAdd={canAdd}
      addTestId="connection-add"
      rowData={(w) => ({ "data-status": w.status })}
      mayEdit={manage}
      mayDelete={manage}
      rowActions={(w) => (
        <>
          {w.channel === "sandbox" && (
            <Link
              href={`/sandbox/${w.id}`}
              title={t("sandbox.openPhone")}
              aria-label={t("sandbox.openPhone")}
              data-testid="open-sandbox"
              className="inline-flex size-9 items-center justify-center rounded-lg text-muted hover:bg-raised hover:text-ink"
            >
              <Icon name="chat" className="size-5" />
            </Link>
          )}
          {manage && w.channel === "cloudapi" && (
            <IconButton
              icon="globe"
              label={t("connections.cloud.setupTitle")}
              onClick={() => connectionsApi.get(w.id).then(setSetupFor, toastError)}
              data-testid="cloud-setup"
            />
          )}
        </>
      )}
      dialogs={
        <>
          <ConnectionModal {...crud.editor} onCreated={(w) => w.channel === "cloudapi" && setSetupFor(w)} />
          <QrModal connectionId={qrFor} onClose={() => setQrFor(null)} />
          <CloudSetupModal cloud={setupFor?.cloudApi ?? null} onClose={() => setSetupFor(null)} />
        </>
      }
      columns={[
        {
          label: "connections.col.name",
          cell: (w) => <ConnectionName w={w} narrow={narrow} sessions={sessions} onEdit={manage ? crud.edit : undefined} onQr={setQrFor} />,
        },
        !narrow && { label: "connections.col.status", cell: (w) => <ConnectionStatus w={w} /> },
        sessions &&
          !narrow && { label: "connections.col.session", className: "whitespace-nowrap", cell: (w) => <SessionButtons connection={w} onQr={setQrFor} /> },
        { label: "connections.col.updatedAt", from: "lg", className: "whitespace-nowrap text-muted", cell: (w) => formatDateTime(w.updatedAt) },
        !narrow && {
          label: "connections.col.isDefault",
          head: "text-center",
          className: "text-center",
          cell: (w) => w.isDefault && <Icon name="checkCircle" className="mx-auto size-5 text-brand-600" label={t("connections.col.isDefault")} />,
        },
      ]}
    />
  );
}
