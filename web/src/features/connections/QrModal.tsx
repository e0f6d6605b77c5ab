import { useSignals } from "@preact/signals-react/runtime";
import QRCode from "qrcode";
import { type FormEvent, useEffect, useState } from "react";
import { type Connection, refreshSession } from "../../api/connections";
import { Button } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { Modal } from "../../components/Modal";
import { Spinner } from "../../components/Spinner";
import { Tabs } from "../../components/Tabs";
import { useT } from "../../i18n";
import { connections } from "../../stores/connections";
import { toastError } from "../../stores/toast";
import { SessionTrouble, sessionFailure, useStalled } from "./SessionTrouble";

/** The live QR of a session, drawn in the browser from the qrcode string of the session frames. */
function LiveQr({ value }: { value: string }) {
  const t = useT();
  const [src, setSrc] = useState("");
  useEffect(() => {
    if (!value) return setSrc("");
    let live = true;
    QRCode.toDataURL(value, { margin: 1, width: 264, errorCorrectionLevel: "L" })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(""));
    return () => {
      live = false;
    };
  }, [value]);
  if (!src) {
    return (
      <div className="flex h-66 flex-col items-center justify-center gap-3 text-sm text-muted">
        <Spinner className="size-6 text-brand-600" />
        {t("connections.qr.waiting")}
      </div>
    );
  }
  return <img src={src} alt="QR code" data-testid="qr-image" className="mx-auto size-66 rounded-lg bg-white p-2" />;
}

function PairingTab({ w }: { w: Connection }) {
  const t = useT();
  const [phone, setPhone] = useState(w.pairingNumber);
  const [busy, setBusy] = useState(false);
  const [asked, setAsked] = useState(0);
  const code = w.status === "PAIRING" ? w.pairingCode : "";
  const failure = asked ? sessionFailure(w) : null;
  const stalled = useStalled(asked > 0 && !code && !failure, asked);
  const ask = async () => {
    setBusy(true);
    try {
      await refreshSession(w.id, phone);
      setAsked((n) => n + 1);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void ask();
  };
  const trouble = failure ? t(`connections.closeReason.${failure}`) : stalled ? t("connections.qr.noCode") : null;
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <TextInput label={t("connections.qr.phone")} name="pairingNumber" inputMode="tel" placeholder="5511999998888" value={phone} onValue={setPhone} />
      <Button type="submit" loading={busy} disabled={phone.replace(/\D/g, "").length < 8}>
        {t("connections.qr.request")}
      </Button>
      {code ? (
        <div className="rounded-lg bg-raised p-4 text-center">
          <p className="text-sm text-muted">{t("connections.qr.codeHelp")}</p>
          <p className="mt-2 font-mono text-3xl font-semibold tracking-[0.3em] text-ink" data-testid="pairing-code">
            {code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code}
          </p>
        </div>
      ) : trouble ? (
        <SessionTrouble message={trouble} busy={busy} onRetry={() => void ask()} />
      ) : (
        asked > 0 && <p className="text-center text-sm text-muted">{t("connections.qr.requested")}</p>
      )}
    </form>
  );
}

/** The QR tab: the live code; when the session ended or no QR came in 20 s, why, and a retry. */
function QrTab({ w }: { w: Connection | undefined }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [tries, setTries] = useState(0);
  const qr = w?.status === "qrcode" ? w.qrcode : "";
  const failure = sessionFailure(w);
  const stalled = useStalled(!!w && !qr && !failure && w.status !== "PAIRING", `${tries}:${w?.status}`);
  const retry = async () => {
    if (!w) return;
    setBusy(true);
    try {
      await refreshSession(w.id);
      setTries((n) => n + 1);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  const trouble = failure ? t(`connections.closeReason.${failure}`) : stalled ? t("connections.qr.noQr") : null;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">{t("connections.qr.help")}</p>
      {trouble ? <SessionTrouble message={trouble} busy={busy} onRetry={() => void retry()} /> : <LiveQr value={qr} />}
    </div>
  );
}

/** QR modal: the live QR code, or a pairing code for a phone number; closes itself once connected. */
export function QrModal({ connectionId, onClose }: { connectionId: number | null; onClose: () => void }) {
  useSignals();
  const t = useT();
  const w = connections.value.find((x) => x.id === connectionId);
  const connected = w?.status === "CONNECTED";
  useEffect(() => {
    if (!connected) return;
    const timer = setTimeout(onClose, 1200);
    return () => clearTimeout(timer);
  }, [connected]);
  const tabs = [
    {
      key: "qr",
      label: t("connections.qr.tabQr"),
      content: <QrTab w={w} />,
    },
    {
      key: "pairing",
      label: t("connections.qr.tabPairing"),
      content: w ? <PairingTab w={w} /> : null,
    },
  ];
  return (
    <Modal open={connectionId !== null} onClose={onClose} title={w ? `${t("connections.qr.title")} · ${w.name}` : t("connections.qr.title")}>
      {connected ? <p className="py-10 text-center text-lg font-semibold text-brand-700">{t("connections.qr.connected")}</p> : <Tabs tabs={tabs} />}
    </Modal>
  );
}
