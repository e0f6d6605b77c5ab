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
  document.documentElement.lang = lang;
}

/** Translates a dotted key with `{{param}}` values; falls back to pt-BR, then to the key itself. */
export function t(key: string, params?: Record<string, unknown>): string {
  const lang = language.peek();
  return i18n.t(key, params, lang) || (lang !== "pt-BR" ? i18n.t(key, params, "pt-BR") : "") || key;
}

/** True when the key has a translation (used by the error toast to fall back to the raw code). */
export const hasKey = (key: string) => !!i18n.t(key, undefined, "pt-BR");

/** Subscribes the component to language changes and returns the translator. */
export function useT() {
  useSignals();
  void language.value;
  return t;
}
