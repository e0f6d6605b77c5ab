import type { AuthSessionDto } from "@contract/dto/auth";
import { Badge } from "../../components/Badge";
import { Button } from "../../components/Button";
import { Icon } from "../../components/Icon";
import { useT } from "../../i18n";
import { formatDateTime } from "../../lib/format";

/** Live sessions (device, browser, address, started, last seen), each with an "end" button. */
export function SessionsList({ sessions, onEnd }: { sessions: AuthSessionDto[]; onEnd: (s: AuthSessionDto) => void }) {
  const t = useT();
  if (!sessions.length) return <p className="text-sm text-muted">{t("security.noSessions")}</p>;
  return (
    <ul className="divide-y divide-line rounded-xl border border-line" data-testid="sessions">
      {sessions.map((s) => (
        <li key={s.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="session-row">
          <Icon name={s.device.startsWith("Mobile") || s.device.startsWith("Tablet") ? "phone" : "monitor"} className="size-5 shrink-0 text-subtle" />
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-medium text-ink">
              {[s.browser, s.device].filter(Boolean).join(" · ") || t("security.unknownDevice")}{" "}
              {s.current && <Badge tone="brand">{t("security.thisDevice")}</Badge>}
            </p>
            <p className="text-xs text-muted">
              {t("security.sessionLine", { address: s.address || "—", started: formatDateTime(s.startedAt), seen: formatDateTime(s.lastSeenAt) })}
            </p>
          </div>
          {!s.current && (
            <Button variant="secondary" size="sm" onClick={() => onEnd(s)} data-testid="session-end">
              {t("security.endSession")}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
