import type { AuthSessionDto, SecurityDto } from "@contract/dto/auth";
import { useEffect, useState } from "react";
import { endMySession, endOtherSessions, getSecurity, mySessions } from "../../api/security";
import { Button } from "../../components/Button";
import { PageSpinner } from "../../components/Spinner";
import { PageTitle } from "../../components/Page";
import { useT } from "../../i18n";
import { toast, toastError } from "../../stores/toast";
import { PasskeysCard } from "./PasskeysCard";
import { SecondFactorCard } from "./SecondFactorCard";
import { SessionsList } from "./SessionsList";

/** /security: one's second factors (app, recovery codes, passkeys) and signed-in sessions. */
export default function SecurityPage() {
  const t = useT();
  const [security, setSecurity] = useState<SecurityDto | null>(null);
  const [sessions, setSessions] = useState<AuthSessionDto[]>([]);
  const load = () => {
    getSecurity().then(setSecurity, toastError);
    mySessions().then((r) => setSessions(r.sessions), toastError);
  };
  useEffect(load, []);
  const end = async (s: AuthSessionDto) => {
    await endMySession(s.id).then(() => toast("success", t("security.sessionEnded")), toastError);
    load();
  };
  const endOthers = async () => {
    await endOtherSessions().then((r) => toast("success", t("security.othersEnded", { count: r.ended })), toastError);
    load();
  };
  if (!security) return <PageSpinner />;
  const unprotected = !security.totp && security.passkeys.length === 0;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-6 sm:px-8" data-testid="security-page">
      <PageTitle>{t("security.title")}</PageTitle>
      {security.required && unprotected && <p className="text-sm text-amber-700 dark:text-amber-300">{t("security.requiredText")}</p>}
      <SecondFactorCard security={security} onChanged={load} />
      <PasskeysCard security={security} onChanged={load} />
      <section className="space-y-3 rounded-2xl border border-line bg-surface p-5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="mr-auto text-base font-semibold text-ink">{t("security.sessionsTitle")}</h2>
          {sessions.length > 1 && (
            <Button variant="secondary" size="sm" onClick={endOthers} data-testid="end-others">
              {t("security.endOthers")}
            </Button>
          )}
        </div>
        <SessionsList sessions={sessions} onEnd={end} />
      </section>
    </div>
  );
}
