import { closeReasonGroup } from "@contract/close-reasons";
import { useEffect, useState } from "react";
import type { Connection } from "../../api/connections";
import { Button } from "../../components/Button";
import { Icon } from "../../components/Icon";
import { useT } from "../../i18n";

/** How long the dialog waits for a QR or a pairing code before saying that none came. */
export const SESSION_WAIT_MS = 20_000;

/** True once `waiting` has stayed true for SESSION_WAIT_MS; starts over when `key` changes. */
export function useStalled(waiting: boolean, key: unknown) {
  const [stalled, setStalled] = useState(false);
  useEffect(() => {
    setStalled(false);
    if (!waiting) return;
    const timer = setTimeout(() => setStalled(true), SESSION_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting, key]);
  return stalled;
}

/** The session ended (DISCONNECTED or TIMEOUT): its close reason, or null while it is alive. */
export function sessionFailure(w: Connection | undefined): string | null {
  if (!w || (w.status !== "DISCONNECTED" && w.status !== "TIMEOUT")) return null;
  return closeReasonGroup(w.closeReason) ?? "unreachable";
}

/** The close reason in words, for the connection row. */
export function CloseReason({ w }: { w: Connection }) {
  const t = useT();
  const group = sessionFailure(w);
  if (!group || !w.closeReason) return null;
  return (
    <p className="mt-1 max-w-56 text-xs text-muted" data-testid="close-reason">
      {t(`connections.closeReason.${group}`)}
    </p>
  );
}

/** What went wrong in the QR/pairing dialog, and a button to try again. */
export function SessionTrouble({ message, busy, onRetry }: { message: string; busy: boolean; onRetry: () => void }) {
  const t = useT();
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg bg-raised px-4 py-8 text-center" role="alert" data-testid="session-trouble">
      <Icon name="alert" className="size-7 text-amber-600" />
      <p className="max-w-xs text-sm text-ink">{message}</p>
      <Button icon="reload" loading={busy} onClick={onRetry} data-testid="session-trouble-retry">
        {t("connections.btn.tryAgain")}
      </Button>
    </div>
  );
}
