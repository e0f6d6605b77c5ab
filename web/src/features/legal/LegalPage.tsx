import { Link } from "wouter";
import { BrandIcon } from "../../components/BrandIcon";
import { Icon } from "../../components/Icon";
import { useT } from "../../i18n";
import { formatDate } from "../../lib/format";
import { LanguageMenu } from "../../layout/LanguageMenu";
import { ThemeToggle } from "../../layout/ThemeToggle";

const UPDATED = "2026-11-01";

/** A short static legal text (terms or privacy) from i18n paragraphs. */
export function LegalPage({ title, paragraphs }: { title: string; paragraphs: string[] }) {
  const t = useT();
  return (
    <div className="min-h-full">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between px-4 sm:px-6">
          <Link href="/login" className="flex items-center gap-2 font-semibold text-ink">
            <BrandIcon />
            {t("app.name")}
          </Link>
          <div className="flex items-center gap-1">
            <ThemeToggle />
            <LanguageMenu />
          </div>
        </div>
      </header>
      <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-semibold tracking-tight text-ink">{title}</h1>
        <p className="mt-2 text-sm text-muted">{t("legal.updated", { date: formatDate(UPDATED) })}</p>
        <div className="mt-8 space-y-5 text-[15px] leading-relaxed text-ink/90">
          {paragraphs.map((key) => (
            <p key={key}>{t(key)}</p>
          ))}
        </div>
        <Link href="/login" className="mt-10 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
          <Icon name="chevronLeft" className="size-4" />
          {t("common.back")}
        </Link>
      </article>
    </div>
  );
}
