import type { UserSecurityDto } from "@contract/dto/auth";
import { useEffect, useState } from "react";
import type { User } from "../../api/types";
import { endUserSession, endUserSessions, resetSecondFactor, userSecurity } from "../../api/security";
import { Badge } from "../../components/Badge";
import { Button } from "../../components/Button";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { Modal } from "../../components/Modal";
import { Spinner } from "../../components/Spinner";
import { useT } from "../../i18n";
import { toast, toastError } from "../../stores/toast";
import { SessionsList } from "../security/SessionsList";

/** An admin's view of a user's account security: second factor (reset) and sessions (end one or all). */
export function UserSecurityModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const t = useT();
  const [data, setData] = useState<UserSecurityDto | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const load = () => {
    if (user) userSecurity(user.id).then(setData, toastError);
  };
  useEffect(() => {
    setData(null);
    load();
  }, [user?.id]);
  const act = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      toast("success", t(done));
    } catch (err) {
      toastError(err);
    }
    load();
  };
  const factor = data && (data.totp || data.passkeys > 0);
  return (
    <Modal open={!!user} onClose={onClose} title={t("security.userTitle", { name: user?.name ?? "" })} size="lg">
      {!data || !user ? (
        <Spinner />
      ) : (
        <div className="space-y-5" data-testid="user-security">
          <section className="flex flex-wrap items-center gap-2">
            <h3 className="mr-auto text-sm font-semibold text-ink">{t("security.secondFactor")}</h3>
            <Badge tone={factor ? "brand" : "neutral"}>
              {factor
                ? [data.totp && t("security.app"), data.passkeys && t("security.passkeysCount", { count: data.passkeys })].filter(Boolean).join(" · ")
                : t("security.none")}
            </Badge>
            {factor && (
              <Button variant="danger" size="sm" onClick={() => setConfirmReset(true)} data-testid="reset-2fa">
                {t("security.reset")}
              </Button>
            )}
          </section>
          <section className="space-y-3">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="mr-auto text-sm font-semibold text-ink">{t("security.sessionsTitle")}</h3>
              {data.sessions.length > 0 && (
                <Button variant="secondary" size="sm" onClick={() => act(() => endUserSessions(user.id), "security.sessionsEnded")}>
                  {t("security.endAll")}
                </Button>
              )}
            </div>
            <SessionsList sessions={data.sessions} onEnd={(s) => act(() => endUserSession(user.id, s.id), "security.sessionEnded")} />
          </section>
        </div>
      )}
      <ConfirmDialog
        open={confirmReset}
        title={t("security.resetTitle")}
        text={t("security.resetText", { name: user?.name ?? "" })}
        onConfirm={() => act(() => resetSecondFactor(user!.id), "security.resetDone")}
        onClose={() => setConfirmReset(false)}
      />
    </Modal>
  );
}
