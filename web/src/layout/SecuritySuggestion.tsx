import { useSignals } from "@preact/signals-react/runtime";
import { Link } from "wouter";
import { Icon } from "../components/Icon";
import { useT } from "../i18n";
import { suggestSecondFactor } from "../stores/session";

/** The super user's first sign-in without a second factor: a bar asking to set one up (or not now). */
export function SecuritySuggestion() {
  useSignals();
  const t = useT();
  if (!suggestSecondFactor.value) return null;
  const close = () => {
    suggestSecondFactor.value = false;
  };
  return (
    <div
      role="status"
      data-testid="security-suggestion"
      className="flex flex-wrap items-center gap-x-4 gap-y-1 bg-brand-600 px-4 py-2 text-sm text-white dark:bg-brand-500 dark:text-brand-950"
    >
      <Icon name="shield" className="size-4 shrink-0" />
      <span className="min-w-0 flex-1">{t("security.suggestText")}</span>
      <Link href="/security" onClick={close} className="font-semibold underline">
        {t("security.suggestSetup")}
      </Link>
      <button type="button" onClick={close} className="opacity-90 hover:underline">
        {t("security.later")}
      </button>
    </div>
  );
}
