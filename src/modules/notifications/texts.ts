import en from "../../../web/src/i18n/en.json";
import es from "../../../web/src/i18n/es.json";
import ptBR from "../../../web/src/i18n/pt-BR.json";

/**
 * The texts of push notifications, in the device's language: the `push` section of the SPA's own
 * dictionaries (one source of truth for every string the user reads; the parity test covers them).
 */
const TABLES: Record<string, Record<string, unknown>> = { "pt-BR": ptBR.push, en: en.push, es: es.push };

/** Longest text a notification shows (phones cut far shorter); keeps the encrypted payload small. */
const TEXT_MAX = 180;

/** Shortens a text to what a notification shows. */
export const clip = (s: string) => (s.length > TEXT_MAX ? `${s.slice(0, TEXT_MAX - 1)}…` : s);

/** A push text by dotted key (below `push.`) with `{{param}}` values; pt-BR when the language lacks it. */
export function pushText(lang: string, key: string, params: Record<string, string> = {}): string {
  const find = (table: Record<string, unknown> | undefined) =>
    key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), table);
  const found = find(TABLES[lang]) ?? find(TABLES["pt-BR"]);
  const template = typeof found === "string" ? found : key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? "");
}
