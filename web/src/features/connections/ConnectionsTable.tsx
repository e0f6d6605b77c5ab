import { useSignals } from "@preact/signals-react/runtime";
import { Link } from "wouter";
import type { Connection, SessionStatus } from "../../api/connections";
import { Badge } from "../../components/Badge";
import { IconButton } from "../../components/Button";
import { Icon } from "../../components/Icon";
import { ListTable, tdClass } from "../../components/ListPage";
import { useT } from "../../i18n";
import { formatDateTime } from "../../lib/format";
import { allowed } from "../../stores/session";
import { isMobile } from "../../stores/ui";
import { NoMenuNotice } from "./NoMenuNotice";
import { SessionButtons } from "./SessionButtons";
import { CloseReason } from "./SessionTrouble";

const TONE: Record<SessionStatus, "brand" | "warning" | "danger" | "info" | "neutral"> = {
  CONNECTED: "brand",
  qrcode: "info",
  PAIRING: "info",
  OPENING: "neutral",
  TIMEOUT: "warning",
  DISCONNECTED: "danger",
};

function Health({ w }: { w: Connection }) {
  const t = useT();
  const when = (v: string | null) => (v ? formatDateTime(v) : t("connections.health.never"));
  const cloud = w.cloudApi;
  if (cloud) {
    return (
      <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-subtle" data-testid="connection-health">
        {cloud.displayPhoneNumber && <span className="font-medium text-muted">{cloud.displayPhoneNumber}</span>}
        <span>{t("connections.health.lastWebhook", { when: when(cloud.lastWebhookAt) })}</span>
        <span>{t("connections.health.lastStatus", { when: when(cloud.lastStatusAt) })}</span>
        <span className={cloud.errorsLastHour ? "font-medium text-red-600 dark:text-red-400" : ""} data-testid="connection-errors">
          {t("connections.health.errorsHour", { count: cloud.errorsLastHour })}
        </span>
      </p>
    );
  }
  return (
    <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-subtle" data-testid="connection-health">
      <span>{t("connections.health.lastMessage", { when: when(w.lastMessageAt) })}</span>
      <span>{t("connections.health.lastAck", { when: when(w.lastAckAt) })}</span>
      <span>{t("connections.health.reconnects", { count: w.reconnectsToday })}</span>
      {w.historyImport && <HistoryLine h={w.historyImport} />}
    </p>
  );
}

/** The recent-history import of a newly linked number: running with its progress, or done. */
function HistoryLine({ h }: { h: NonNullable<Connection["historyImport"]> }) {
  const t = useT();
  const counts = { chats: t("connections.history.chats", { count: h.chats }), messages: t("connections.history.messages", { count: h.messages }) };
  return (
    <span className={h.status === "running" ? "font-medium text-brand-700 dark:text-brand-300" : ""} data-testid="connection-history" data-status={h.status}>
      {h.status === "running"
        ? t("connections.history.running", { ...counts, progress: h.progress ?? 0 })
        : t("connections.history.done", { ...counts, when: formatDateTime(h.finishedAt) })}
    </span>
  );
}

/** The connections table: name (kind, health line), status, session buttons, last update, default, actions. */
export function ConnectionsTable({
  list,
  onEdit,
  onDelete,
  onQr,
  onCloudSetup,
}: {
  list: Connection[];
  onEdit: (id: number) => void;
  onDelete: (w: Connection) => void;
  onQr: (id: number) => void;
  /** Shows a Cloud API connection's webhook setup (admins). */
  onCloudSetup: (id: number) => void;
}) {
  useSignals();
  const t = useT();
  const actions = allowed("connections-page:actionButtons");
  const manage = allowed("connections-page:editOrDeleteConnection");
  // At phone width one cell holds the name, status and session buttons (no sideways scrolling).
  const narrow = isMobile.value;
  const status = (w: Connection) => (
    <>
      <Badge tone={TONE[w.status] ?? "neutral"}>
        <span data-testid="connection-status">{t(`connections.status.${w.status}`)}</span>
      </Badge>
      <CloseReason w={w} />
      {w.status === "PAIRING" && w.pairingCode && <p className="mt-1 font-mono text-xs tracking-widest text-ink">{w.pairingCode}</p>}
    </>
  );
  return (
    <ListTable
      columns={[
        { label: t("connections.col.name") },
        !narrow && { label: t("connections.col.status") },
        actions && !narrow && { label: t("connections.col.session") },
        { label: t("connections.col.updatedAt"), className: "hidden lg:table-cell" },
        !narrow && { label: t("connections.col.isDefault"), className: "text-center" },
        { label: t("connections.col.actions"), className: "text-right" },
      ]}
    >
      {list.map((w) => (
        <tr key={w.id} data-testid="connection-row" data-status={w.status} className="hover:bg-raised/60">
          <td className={tdClass}>
            <span className="flex flex-wrap items-center gap-2 font-medium text-ink">
              {w.name}
              <Badge tone={w.channel === "sandbox" ? "warning" : w.channel === "cloudapi" ? "info" : "neutral"}>
                {t(`connections.kindShort.${w.channel}`)}
              </Badge>
              {narrow && w.isDefault && <Badge tone="brand">{t("connections.col.isDefault")}</Badge>}
            </span>
            <Health w={w} />
            <NoMenuNotice w={w} onEdit={manage ? onEdit : undefined} className="mt-2 max-w-md" />
            {narrow && (
              <div className="mt-2 flex flex-col items-start gap-2">
                <div>{status(w)}</div>
                {actions && <SessionButtons connection={w} onQr={onQr} />}
              </div>
            )}
          </td>
          {!narrow && <td className={tdClass}>{status(w)}</td>}
          {actions && !narrow && (
            <td className={`${tdClass} whitespace-nowrap`}>
              <SessionButtons connection={w} onQr={onQr} />
            </td>
          )}
          <td className={`${tdClass} hidden whitespace-nowrap text-muted lg:table-cell`}>{formatDateTime(w.updatedAt)}</td>
          {!narrow && (
            <td className={`${tdClass} text-center`}>
              {w.isDefault && <Icon name="checkCircle" className="mx-auto size-5 text-brand-600" label={t("connections.col.isDefault")} />}
            </td>
          )}
          <td className={`${tdClass} py-2 text-right whitespace-nowrap`}>
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
              <IconButton icon="globe" label={t("connections.cloud.setupTitle")} onClick={() => onCloudSetup(w.id)} data-testid="cloud-setup" />
            )}
            {manage && (
              <>
                <IconButton icon="edit" label={t("common.edit")} onClick={() => onEdit(w.id)} />
                <IconButton icon="trash" label={t("common.delete")} tone="danger" onClick={() => onDelete(w)} />
              </>
            )}
          </td>
        </tr>
      ))}
    </ListTable>
  );
}
