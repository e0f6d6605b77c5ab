import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { api } from "../api/client";
import { Icon } from "../components/Icon";
import { useT } from "../i18n";
import { isAdmin, isSuper } from "../stores/session";

const EVERY_MS = 5 * 60_000;

/** A bar over every page for admins and super users while the server's data disk is low or full. */
export function StorageBanner() {
  useSignals();
  const t = useT();
  const watch = isAdmin.value || isSuper.value;
  const [state, setState] = useState<"ok" | "low" | "full">("ok");
  useEffect(() => {
    if (!watch) return;
    const check = () =>
      api<{ state: "ok" | "low" | "full" }>("/storage").then(
        (s) => setState(s.state),
        () => {},
      );
    check();
    const timer = setInterval(check, EVERY_MS);
    return () => clearInterval(timer);
  }, [watch]);
  if (!watch || state === "ok") return null;
  return (
    <div role="alert" data-testid="storage-banner" className="flex items-center gap-2 bg-red-600 px-4 py-2 text-sm font-medium text-white">
      <Icon name="alert" className="size-4 shrink-0" />
      {t(state === "full" ? "storage.full" : "storage.low")}
    </div>
  );
}
