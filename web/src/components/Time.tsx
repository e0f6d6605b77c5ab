import { useSignals } from "@preact/signals-react/runtime";
import { language } from "../i18n";
import { clockTime, formatDateTime, ticketTime } from "../lib/format";
import { zoneLabel } from "../lib/zone";

/**
 * An instant on screen, in the company's zone (lib/format.ts): the hour ("clock"), the hour or the
 * date ("short", ticket cards) or both ("full"). Hovering shows the full date and the zone's name.
 */
export function Time({ at, kind = "clock", className }: { at: string; kind?: "clock" | "short" | "full"; className?: string }) {
  useSignals();
  const lang = language.value;
  const text = kind === "clock" ? clockTime(at, lang) : kind === "short" ? ticketTime(at, lang) : formatDateTime(at, lang);
  return (
    <time dateTime={at} title={`${formatDateTime(at, lang)} · ${zoneLabel()}`} className={className}>
      {text}
    </time>
  );
}
