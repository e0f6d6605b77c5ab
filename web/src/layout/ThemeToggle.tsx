import { useSignals } from "@preact/signals-react/runtime";
import { BarButton } from "./BarButton";
import { useT } from "../i18n";
import { theme, toggleTheme } from "../stores/ui";

/** Light/dark switch; stored as preferredTheme. */
export function ThemeToggle() {
  useSignals();
  const t = useT();
  const dark = theme.value === "dark";
  return (
    <BarButton icon={dark ? "sun" : "moon"} label={t(dark ? "topbar.themeToLight" : "topbar.themeToDark")} onClick={toggleTheme} data-testid="theme-toggle" />
  );
}
