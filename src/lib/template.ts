import { wallParts } from "../contract/zoned";

/** Template variables of messages (R-MSG-10, D16). */
export interface TemplateVars {
  name?: string | null;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The wall-clock fields the variables print: two-digit month, day, minute and second; the hour as a number. */
function partsIn(tz: string, now: Date) {
  const w = wallParts(tz, now.getTime());
  return { y: String(w.y), mo: pad(w.m), d: pad(w.d), h: w.h, mi: pad(w.min), s: pad(w.s) };
}

/** Time-of-day greeting in Portuguese, by the local hour. */
export function greeting(hour: number): string {
  if (hour >= 6 && hour < 12) return "Bom dia";
  if (hour >= 12 && hour < 18) return "Boa tarde";
  if (hour >= 18) return "Boa noite";
  return "Boa madrugada";
}

/**
 * Fills {{name}}, {{firstName}}, {{ms}}, {{protocol}}, {{hora}}/{{hour}} and {{date}} (DD/MM/YYYY in
 * the company's time zone). Unknown variables are left as typed.
 */
export function renderTemplate(text: string, vars: TemplateVars, tz = "America/Sao_Paulo", now = new Date()): string {
  if (!text.includes("{{")) return text;
  const t = partsIn(tz, now);
  const name = (vars.name ?? "").trim();
  const values: Record<string, string> = {
    name,
    firstName: name.split(/\s+/)[0] ?? "",
    ms: greeting(t.h),
    gretting: greeting(t.h),
    protocol: `${t.y}${t.mo}${t.d}${t.h}${t.mi}${t.s}`,
    hora: `${t.h}:${t.mi}:${t.s}`,
    hour: `${t.h}:${t.mi}:${t.s}`,
    date: `${t.d}/${t.mo}/${t.y}`,
  };
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, key: string) => (key in values ? values[key] : m));
}
