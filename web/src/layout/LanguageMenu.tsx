import { Icon } from "../components/Icon";
import { Menu } from "../components/Menu";
import { LANGUAGES, language, useT } from "../i18n";
import { chooseLanguage } from "../stores/ui";

/** Language selector (pt-BR, en, es), remembered under the `language` key. */
export function LanguageMenu() {
  const t = useT();
  const current = language.value;
  return (
    <Menu
      label={t("topbar.language")}
      trigger={
        <span className="flex items-center gap-1.5" data-testid="language-menu">
          <Icon name="globe" className="size-5" />
          <span className="text-xs font-semibold uppercase">{current === "pt-BR" ? "PT" : current}</span>
        </span>
      }
      items={LANGUAGES.map((lang) => ({ label: t(`languages.${lang}`), active: lang === current, onSelect: () => void chooseLanguage(lang) }))}
    />
  );
}
