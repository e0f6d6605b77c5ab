import { Link } from "wouter";
import { EmptyState } from "../components/EmptyState";
import { useT } from "../i18n";

/** Unknown paths inside the signed-in shell. */
export function NotFound() {
  const t = useT();
  return (
    <div className="p-6">
      <EmptyState
        icon="alert"
        title={t("notFound.title")}
        hint={t("notFound.text")}
        action={
          <Link href="/" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
            {t("notFound.home")}
          </Link>
        }
      />
    </div>
  );
}
