/**
 * The company's time zone on screen. Every time of the company's work is shown, and times the server
 * acts on (schedules, campaign starts) are entered, in the company's zone (the server's TZ, sent with
 * the session), whatever the browser's. Text formatting lives in lib/format.ts.
 */
// The server's own zone arithmetic (pure Intl, no server code), so both sides agree to the minute.
import { wallParts, zonedInstant } from "../../../src/contract/zoned";
import { language } from "../i18n";
import { company } from "../stores/session";

const pad = (n: number) => String(n).padStart(2, "0");

/** The browser's own IANA time zone. */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The company's IANA time zone; the browser's while no session has told it. */
export const companyZone = (): string => company.value?.timezone || browserZone();

/** The zone's offset from UTC at an instant, in minutes. */
function offsetMinutes(tz: string, at: number): number {
  const w = wallParts(tz, at);
  return Math.round((Date.UTC(w.y, w.m - 1, w.d, w.h, w.min) - Math.floor(at / 60_000) * 60_000) / 60_000);
}

/** True when the zone's clock reads differently from the browser's right now (a name is then needed). */
export function zoneDiffers(tz = companyZone(), now = Date.now()): boolean {
  if (tz === browserZone()) return false;
  return offsetMinutes(tz, now) !== offsetMinutes(browserZone(), now);
}

/** The zone's short name in the language: BRT, GMT-3, GMT+9. */
export function zoneAbbreviation(tz = companyZone(), lang: string = language.peek()): string {
  return new Intl.DateTimeFormat(lang, { timeZone: tz, timeZoneName: "short" }).formatToParts(new Date()).find((p) => p.type === "timeZoneName")?.value ?? tz;
}

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

/** The zone as people read it, e.g. "Horário Padrão de Brasília (America/Sao_Paulo)". */
export function zoneLabel(tz = companyZone()): string {
  const name = new Intl.DateTimeFormat(language.value, { timeZone: tz, timeZoneName: "long" })
    .formatToParts(new Date())
    .find((p) => p.type === "timeZoneName")?.value;
  return name && name !== tz ? `${name} (${tz})` : tz;
}
