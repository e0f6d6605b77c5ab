import { useState } from "react";
import { type Connection, endSession, refreshSession, startSession } from "../../api/connections";
import { Button } from "../../components/Button";
import { useT } from "../../i18n";
import { toastError } from "../../stores/toast";

/**
 * Session buttons by status (R-CONN-5): qrcode → QR; DISCONNECTED → try again and new QR;
 * CONNECTED, PAIRING, TIMEOUT → disconnect; OPENING → a disabled "connecting".
 */
export function SessionButtons({ connection: w, onQr }: { connection: Connection; onQr: (id: number) => void }) {
  const t = useT();
  const [busy, setBusy] = useState<string | null>(null);
  const run = (key: string, fn: () => Promise<unknown>, then?: () => void) => async () => {
    setBusy(key);
    try {
      await fn();
      then?.();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(null);
    }
  };
  switch (w.status) {
    case "qrcode":
      return (
        <Button size="sm" icon="eye" onClick={() => onQr(w.id)} data-testid="session-qr">
          {t("connections.btn.qr")}
        </Button>
      );
    case "DISCONNECTED":
      return (
        <div className="flex flex-wrap gap-1.5 whitespace-nowrap">
          <Button
            size="sm"
            variant="secondary"
            icon="reload"
            loading={busy === "retry"}
            onClick={run("retry", () => startSession(w.id))}
            data-testid="session-retry"
          >
            {t("connections.btn.tryAgain")}
          </Button>
          {w.channel === "baileys" && (
            <Button
              size="sm"
              variant="secondary"
              loading={busy === "qr"}
              onClick={run(
                "qr",
                () => refreshSession(w.id),
                () => onQr(w.id),
              )}
              data-testid="session-new-qr"
            >
              {t("connections.btn.newQr")}
            </Button>
          )}
        </div>
      );
    case "OPENING":
      return (
        <Button size="sm" variant="secondary" disabled loading>
          {t("connections.btn.connecting")}
        </Button>
      );
    default:
      return (
        <Button size="sm" variant="secondary" icon="ban" loading={busy === "off"} onClick={run("off", () => endSession(w.id))} data-testid="session-disconnect">
          {t("connections.btn.disconnect")}
        </Button>
      );
  }
}
