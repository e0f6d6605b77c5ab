/**
 * The company's time zone on screen. Times the server acts on (schedules, campaign starts) are shown
 * and entered in the company's zone (the server's TZ, sent with the session), whatever the browser's.
 */
// The server's own zone arithmetic (pure Intl, no server code), so both sides agree to the minute.
import { wallParts, zonedInstant } from "../../../src/lib/zoned";
import { language } from "../i18n";
import { company } from "../stores/session";

const pad = (n: number) => String(n).padStart(2, "0");

/** The company's IANA time zone; the browser's while no session has told it. */
export const companyZone = (): string => company.value?.timezone || Intl.DateTimeFormat().resolvedOptions().timeZone;

/** An instant as the value of an <input type="datetime-local"> in the zone (minutes). */
export function toZoneInput(at: Date | string | number, tz = companyZone()): string {
  const w = wallParts(tz, new Date(at).getTime());
  return `${w.y}-${pad(w.m)}-${pad(w.d)}T${pad(w.h)}:${pad(w.min)}`;
}

/** The instant (ISO UTC) of a wall-clock "YYYY-MM-DDTHH:mm" in the zone; an unreadable value is given back as is. */
export function fromZoneInput(value: string, tz = companyZone()): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return value;
  return new Date(zonedInstant(`${m[1]}-${m[2]}-${m[3]}`, `${m[4]}:${m[5]}:00`, tz)).toISOString();
}

/** An instant in the company's zone, in the active language: DD/MM/YYYY HH:mm in pt-BR. */
export function formatInZone(value: string | null | undefined): string {
  if (!value) return "";
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return new Intl.DateTimeFormat(language.value, {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: companyZone(),
  }).format(d);
}

/** The zone as people read it, e.g. "Horário Padrão de Brasília (America/Sao_Paulo)". */
export function zoneLabel(tz = companyZone()): string {
  const name = new Intl.DateTimeFormat(language.value, { timeZone: tz, timeZoneName: "long" })
    .formatToParts(new Date())
    .find((p) => p.type === "timeZoneName")?.value;
  return name && name !== tz ? `${name} (${tz})` : tz;
}
