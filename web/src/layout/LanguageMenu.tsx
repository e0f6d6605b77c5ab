import { Icon } from "../components/Icon";
import { Menu } from "../components/Menu";
import { LANGUAGES, type Language, language, useT } from "../i18n";
import { chooseLanguage } from "../stores/ui";

/** The short code a language shows on the bar (PT, EN, ES). */
export const languageCode = (lang: Language) => (lang === "pt-BR" ? "PT" : lang.toUpperCase());

/** The menu entries that switch the language (the bar's menu, and the account menu on a phone). */
export function languageEntries(t: (k: string) => string, divider = false) {
  const current = language.value;
  return LANGUAGES.map((lang, i) => ({
    label: t(`languages.${lang}`),
    active: lang === current,
    divider: divider && i === 0,
    onSelect: () => void chooseLanguage(lang),
  }));
}

/** Language selector (pt-BR, en, es), remembered under the `language` key. */
export function LanguageMenu() {
  const t = useT();
  return (
    <Menu
      label={t("topbar.language")}
      tip
      trigger={
        <span className="flex items-center gap-1.5" data-testid="language-menu">
          <Icon name="globe" className="size-5" />
          <span className="text-xs font-semibold uppercase">{languageCode(language.value)}</span>
        </span>
      }
      items={languageEntries(t)}
    />
  );
}
