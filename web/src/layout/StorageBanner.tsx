import { formatBytes } from "@contract/media";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { api } from "../api/client";
import { Icon } from "../components/Icon";
import { useT } from "../i18n";
import { allowed } from "../stores/session";

const EVERY_MS = 5 * 60_000;
/** Disk sizes: GB past one gigabyte, else the shared KB/MB format. */
const size = (n: number) => (n >= 1024 ** 3 ? `${(n / 1024 ** 3).toFixed(1)} GB` : formatBytes(n));

interface ServerHealth {
  state: "ok" | "low" | "full";
  near: boolean;
  freeBytes: number;
  lowBytes: number;
  integrity: "unchecked" | "checking" | "ok" | "failed";
}

/**
 * A bar over every page for admins and super users while the server's database is damaged (red), its
 * data disk is low or full (red), or nearly low (amber: nothing is refused yet).
 */
export function StorageBanner() {
  useSignals();
  const t = useT();
  const watch = allowed("storage:view");
  const [health, setHealth] = useState<ServerHealth | null>(null);
  useEffect(() => {
    if (!watch) return;
    const check = () => api<ServerHealth>("/storage").then(setHealth, () => {});
    check();
    const timer = setInterval(check, EVERY_MS);
    return () => clearInterval(timer);
  }, [watch]);
  if (!watch || !health) return null;
  const text =
    health.integrity === "failed"
      ? t("storage.damaged")
      : health.state !== "ok"
        ? t(health.state === "full" ? "storage.full" : "storage.low")
        : health.near
          ? t("storage.near", { free: size(health.freeBytes), low: size(health.lowBytes) })
          : null;
  if (!text) return null;
  const amber = health.integrity !== "failed" && health.state === "ok";
  return (
    <div
      role="alert"
      data-testid="storage-banner"
      className={`flex items-center gap-2 px-4 py-2 text-sm font-medium ${amber ? "bg-amber-400 text-amber-950" : "bg-red-600 text-white"}`}
    >
      <Icon name="alert" className="size-4 shrink-0" />
      {text}
    </div>
  );
}
