import type { SecurityDto, TotpSetupDto } from "@contract/dto/auth";
import { useState } from "react";
import { confirmTotp, disableTotp, newRecoveryCodes, setupTotp } from "../../api/security";
import { Badge } from "../../components/Badge";
import { Button } from "../../components/Button";
import { Modal } from "../../components/Modal";
import { useT } from "../../i18n";
import { toast, toastError } from "../../stores/toast";
import { PasswordPrompt } from "./PasswordPrompt";
import { RecoveryCodes } from "./RecoveryCodes";
import { TotpSetup } from "./TotpSetup";

type Asking = "setup" | "disable" | "codes" | null;

/** The authenticator app (set up with QR code and secret, confirmed by a code, turned off) and the recovery codes. */
export function SecondFactorCard({ security, onChanged }: { security: SecurityDto; onChanged: () => void }) {
  const t = useT();
  const [asking, setAsking] = useState<Asking>(null);
  const [setup, setSetup] = useState<TotpSetupDto | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const withPassword = async (password: string) => {
    try {
      if (asking === "setup") setSetup(await setupTotp(password));
      if (asking === "disable") {
        await disableTotp(password);
        toast("success", t("security.appOff"));
        onChanged();
      }
      if (asking === "codes") setCodes((await newRecoveryCodes(password)).recoveryCodes);
      setAsking(null);
    } catch (err) {
      toastError(err);
    }
  };
  const confirm = async (code: string) => {
    setBusy(true);
    try {
      const res = await confirmTotp(code);
      setSetup(null);
      toast("success", t("security.appOn"));
      if (res.recoveryCodes) setCodes(res.recoveryCodes);
      onChanged();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  const hasFactor = security.totp || security.passkeys.length > 0;
  return (
    <section className="space-y-3 rounded-2xl border border-line bg-surface p-5" data-testid="second-factor-card">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="mr-auto text-base font-semibold text-ink">{t("security.appTitle")}</h2>
        <Badge tone={security.totp ? "brand" : "neutral"}>{t(security.totp ? "security.on" : "security.off")}</Badge>
      </div>
      <p className="text-sm text-muted">{t("security.appText")}</p>
      <div className="flex flex-wrap gap-2">
        <Button icon="shield" onClick={() => setAsking("setup")} data-testid="totp-start">
          {t(security.totp ? "security.appReplace" : "security.appSetup")}
        </Button>
        {security.totp && (
          <Button variant="secondary" onClick={() => setAsking("disable")}>
            {t("security.appDisable")}
          </Button>
        )}
      </div>
      {hasFactor && (
        <div className="flex flex-wrap items-center gap-2 border-t border-line pt-3 text-sm">
          <span className="mr-auto text-muted" data-testid="codes-left">
            {t("security.codesLeft", { count: security.recoveryCodesLeft })}
          </span>
          <Button variant="secondary" size="sm" onClick={() => setAsking("codes")}>
            {t("security.codesNew")}
          </Button>
        </div>
      )}
      <PasswordPrompt open={asking !== null} title={t("security.confirmTitle")} onSubmit={withPassword} onClose={() => setAsking(null)} />
      <Modal open={!!setup} onClose={() => setSetup(null)} title={t("security.appSetup")}>
        {setup && <TotpSetup setup={setup} onConfirm={confirm} busy={busy} />}
      </Modal>
      <Modal open={!!codes} onClose={() => setCodes(null)} title={t("security.codesTitle")}>
        {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
      </Modal>
    </section>
  );
}
