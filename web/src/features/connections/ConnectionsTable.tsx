import type { Connection, SessionStatus } from "../../api/connections";
import { Badge } from "../../components/Badge";
import { useT } from "../../i18n";
import { formatDateTime } from "../../lib/format";
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
      {w.node && (
        <span data-testid="connection-node">
          {t("connections.health.node")}{" "}
          <span className="inline-block max-w-full truncate align-bottom font-mono" title={w.node}>
            {w.node}
          </span>
        </span>
      )}
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

/** A connection's session state: its badge, why it closed, and the pairing code while pairing. */
export function ConnectionStatus({ w }: { w: Connection }) {
  const t = useT();
  return (
    <>
      <Badge tone={TONE[w.status] ?? "neutral"}>
        <span data-testid="connection-status">{t(`connections.status.${w.status}`)}</span>
      </Badge>
      <CloseReason w={w} />
      {w.status === "PAIRING" && w.pairingCode && <p className="mt-1 font-mono text-xs tracking-widest text-ink">{w.pairingCode}</p>}
    </>
  );
}

/**
 * The connections table's first cell: name, kind, health line and the no-menu notice; at phone
 * width it also holds the status and the session buttons (no sideways scrolling).
 */
export function ConnectionName({
  w,
  narrow,
  sessions,
  onEdit,
  onQr,
}: {
  w: Connection;
  narrow: boolean;
  sessions: boolean;
  onEdit?: (id: number) => void;
  onQr: (id: number) => void;
}) {
  const t = useT();
  return (
    <>
      <span className="flex flex-wrap items-center gap-2 font-medium text-ink">
        {w.name}
        <Badge tone={w.channel === "sandbox" ? "warning" : w.channel === "cloudapi" ? "info" : "neutral"}>{t(`connections.kindShort.${w.channel}`)}</Badge>
        {narrow && w.isDefault && <Badge tone="brand">{t("connections.col.isDefault")}</Badge>}
      </span>
      <Health w={w} />
      <NoMenuNotice w={w} onEdit={onEdit} className="mt-2 max-w-md" />
      {narrow && (
        <div className="mt-2 flex flex-col items-start gap-2">
          <div>
            <ConnectionStatus w={w} />
          </div>
          {sessions && <SessionButtons connection={w} onQr={onQr} />}
        </div>
      )}
    </>
  );
}
