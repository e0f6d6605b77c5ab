import type { ReactNode } from "react";

type Tone = "brand" | "neutral" | "warning" | "danger" | "info";
const TONES: Record<Tone, string> = {
  brand: "bg-brand-50 text-brand-700 ring-brand-600/20 dark:bg-brand-500/10 dark:text-brand-300 dark:ring-brand-400/25",
  neutral: "bg-raised text-muted ring-line",
  warning: "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/25",
  danger: "bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/25",
  info: "bg-sky-50 text-sky-700 ring-sky-600/20 dark:bg-sky-500/10 dark:text-sky-300 dark:ring-sky-400/25",
};

/** A small pill label; `color` (a queue colour) overrides the tone. */
export function Badge({ tone = "neutral", color, children }: { tone?: Tone; color?: string; children: ReactNode }) {
  if (color) {
    return (
      <span className="inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium text-white" style={{ backgroundColor: color }}>
        {children}
      </span>
    );
  }
  return <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]}`}>{children}</span>;
}

/** A status dot (online state, alerts). */
export function Dot({ on, className = "" }: { on: boolean; className?: string }) {
  return <span className={`inline-block size-2 rounded-full ${on ? "bg-brand-500" : "bg-subtle/60"} ${className}`} />;
}

/** A round colour swatch (a queue's or a tag's colour) before a name. */
export function Swatch({ color, className = "size-2.5" }: { color: string; className?: string }) {
  return <span className={`shrink-0 rounded-full ${className}`} style={{ backgroundColor: color }} />;
}
