/** Template variables of messages (R-MSG-10, D16). */
export interface TemplateVars {
  name?: string | null;
}

function partsIn(tz: string, now: Date) {
  const f = new Intl.DateTimeFormat("en-GB", {
    timeZone: tz,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  const p = Object.fromEntries(f.formatToParts(now).map((x) => [x.type, x.value]));
  return { y: p.year, mo: p.month, d: p.day, h: Number(p.hour), mi: p.minute, s: p.second };
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
