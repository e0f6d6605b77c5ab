import { useSignals } from "@preact/signals-react/runtime";
import QRCode from "qrcode";
import { type FormEvent, useEffect, useState } from "react";
import { refreshSession } from "../../api/connections";
import { Button } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { Modal } from "../../components/Modal";
import { Spinner } from "../../components/Spinner";
import { Tabs } from "../../components/Tabs";
import { useT } from "../../i18n";
import { connections } from "../../stores/connections";
import { toastError } from "../../stores/toast";

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

function PairingTab({ connectionId, code }: { connectionId: number; code: string }) {
  const t = useT();
  const [phone, setPhone] = useState("");
  const [busy, setBusy] = useState(false);
  const [asked, setAsked] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await refreshSession(connectionId, phone);
      setAsked(true);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
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
      ) : (
        asked && <p className="text-center text-sm text-muted">{t("connections.qr.requested")}</p>
      )}
    </form>
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
      content: (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted">{t("connections.qr.help")}</p>
          <LiveQr value={w?.status === "qrcode" ? w.qrcode : ""} />
        </div>
      ),
    },
    {
      key: "pairing",
      label: t("connections.qr.tabPairing"),
      content: connectionId ? <PairingTab connectionId={connectionId} code={w?.pairingCode ?? ""} /> : null,
    },
  ];
  return (
    <Modal open={connectionId !== null} onClose={onClose} title={w ? `${t("connections.qr.title")} · ${w.name}` : t("connections.qr.title")}>
      {connected ? <p className="py-10 text-center text-lg font-semibold text-brand-700">{t("connections.qr.connected")}</p> : <Tabs tabs={tabs} />}
    </Modal>
  );
}
