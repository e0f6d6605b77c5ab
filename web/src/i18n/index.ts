import { useSignals } from "@preact/signals-react/runtime";
import { signal } from "@preact/signals-react";
import rosetta from "rosetta";
import ptBR from "./pt-BR.json";

/** Languages offered by the selector; pt-BR is the source, default and fallback. */
export const LANGUAGES = ["pt-BR", "en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "pt-BR";

type Dict = Record<string, unknown>;
const i18n = rosetta<Dict>({ "pt-BR": ptBR as Dict });
i18n.locale(DEFAULT_LANGUAGE);

/** The active language; components re-render when it changes (through useT). */
export const language = signal<Language>(DEFAULT_LANGUAGE);

// en and es are fetched on demand so they stay out of the first-load bundle.
const loaders: Record<Exclude<Language, "pt-BR">, () => Promise<{ default: unknown }>> = {
  en: () => import("./en.json"),
  es: () => import("./es.json"),
};

export const isLanguage = (x: unknown): x is Language => LANGUAGES.includes(x as Language);

/** Loads a language's dictionary (once) and makes it active. */
export async function setLanguage(lang: Language) {
  if (lang !== "pt-BR" && !i18n.table(lang)) i18n.set(lang, (await loaders[lang]()).default as Dict);
  i18n.locale(lang);
  language.value = lang;
  if (typeof document !== "undefined") document.documentElement.lang = lang;
}

const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * The plural form of a count in the language (Intl.PluralRules: "one", "other", "many"…). Zero reads
 * as a plural in all three languages ("0 conexões", "0 connections"), although CLDR files Portuguese
 * 0 under "one"; a dictionary may also give an exact "zero" form.
 */
function pluralForms(lang: string, count: number): string[] {
  if (count === 0) return ["zero", "other"];
  const rules = pluralRules.get(lang) ?? new Intl.PluralRules(lang);
  pluralRules.set(lang, rules);
  return [rules.select(count), "other"];
}

/** One language's text of a key: a string, or, when the key holds plural forms, the form for `count`. */
function lookup(key: string, params: Record<string, unknown> | undefined, lang: string): string {
  const count = params?.count;
  if (typeof count === "number") {
    for (const form of pluralForms(lang, count)) {
      const text = i18n.t(`${key}.${form}`, params, lang);
      if (typeof text === "string" && text) return text;
    }
  }
  const text = i18n.t(key, params, lang);
  return typeof text === "string" ? text : "";
}

/**
 * Translates a dotted key with `{{param}}` values; falls back to pt-BR, then to the key itself. A key
 * whose value is an object of plural forms ({ "one": "{{count}} fila", "other": "{{count}} filas" })
 * is chosen by the `count` param: the one way every count on screen agrees with its noun.
 */
export function t(key: string, params?: Record<string, unknown>): string {
  const lang = language.peek();
  return lookup(key, params, lang) || (lang !== "pt-BR" ? lookup(key, params, "pt-BR") : "") || key;
}

/** True when the key has a translation (used by the error toast to fall back to the raw code). */
export const hasKey = (key: string) => !!i18n.t(key, undefined, "pt-BR");

/** Subscribes the component to language changes and returns the translator. */
export function useT() {
  useSignals();
  void language.value;
  return t;
}
