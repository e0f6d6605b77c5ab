import { useSignals } from "@preact/signals-react/runtime";
import { Spinner } from "../components/Spinner";
import { useT } from "../i18n";
import { reconnecting } from "../stores/connectivity";

/** "Offline — reconnecting…": a pill at the bottom while the network or the server is out of reach. */
export function OfflineBanner() {
  useSignals();
  const t = useT();
  if (!reconnecting.value) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-[55] flex justify-center px-4">
      <output
        data-testid="offline-banner"
        className="flex items-center gap-2 rounded-full bg-amber-100 px-4 py-2 text-sm font-medium text-amber-900 shadow-pop dark:bg-amber-500/20 dark:text-amber-100"
      >
        <Spinner className="size-4" />
        {t("pwa.offline")}
      </output>
    </div>
  );
}

/** The whole screen when the app starts without reaching the server: the session is kept, it retries by itself. */
export function OfflineScreen({ retry }: { retry: () => void }) {
  const t = useT();
  return (
    <div className="flex h-full items-center justify-center bg-canvas p-6" data-testid="offline-screen">
      <div className="w-full max-w-sm rounded-card border border-line bg-surface p-6 text-center shadow-card">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-xl bg-brand-600 text-white">
          <Spinner className="size-6" />
        </div>
        <h1 className="text-lg font-semibold text-ink">{t("pwa.offline")}</h1>
        <p className="mt-2 text-sm text-muted">{t("pwa.offlineHint")}</p>
        <button type="button" onClick={retry} className="mt-5 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
          {t("pwa.retry")}
        </button>
      </div>
    </div>
  );
}
