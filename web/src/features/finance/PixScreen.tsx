import { useState } from "react";
import type { PixCharge } from "../../api/invoices";
import { Button } from "../../components/Button";
import { useT } from "../../i18n";
import { formatMoney } from "../../lib/format";

/** The Pix screen of the checkout: QR code, the "copia e cola" code and a copy button (confirmation 1 s, R-BILL-10). */
export function PixScreen({ charge }: { charge: PixCharge }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(charge.qrcode.qrcode);
    } catch {
      // no clipboard permission: the code stays selectable below
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 1000);
  };
  return (
    <div className="flex flex-col items-center gap-4 text-center" data-testid="pix-screen">
      <p className="text-sm text-muted">{t("checkout.pixHint")}</p>
      <img src={charge.qrcode.imagemQrcode} alt={t("checkout.qrAlt")} className="size-56 rounded-lg border border-line bg-white p-2" />
      <p className="text-lg font-semibold text-ink">{formatMoney(Number(charge.valor.original))}</p>
      <textarea
        readOnly
        value={charge.qrcode.qrcode}
        aria-label={t("checkout.copyPaste")}
        data-testid="pix-code"
        className="h-20 w-full resize-none rounded-lg border border-line bg-raised p-2 font-mono text-xs break-all text-ink"
        onFocus={(e) => e.currentTarget.select()}
      />
      <Button icon={copied ? "check" : undefined} onClick={copy} className="w-full sm:w-auto">
        {t(copied ? "checkout.copied" : "checkout.copy")}
      </Button>
      <p className="text-xs text-muted">{t("checkout.waiting")}</p>
    </div>
  );
}
