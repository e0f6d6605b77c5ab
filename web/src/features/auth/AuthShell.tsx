import type { ReactNode } from "react";
import { Link } from "wouter";
import { BrandIcon } from "../../components/BrandIcon";
import { Icon } from "../../components/Icon";
import { PageTitle } from "../../components/Page";
import { useT } from "../../i18n";
import { LanguageMenu } from "../../layout/LanguageMenu";
import { ThemeToggle } from "../../layout/ThemeToggle";

/** The terms and privacy links (beside the brand panel on wide screens, under the form on narrow ones). */
function LegalLinks({ className, link }: { className: string; link: string }) {
  const t = useT();
  return (
    <nav className={className}>
      <Link href="/term" className={link}>
        {t("legal.termTitle")}
      </Link>
      <Link href="/privacy" className={link}>
        {t("legal.privacyTitle")}
      </Link>
    </nav>
  );
}

/** Frame of the public pages: brand panel on wide screens, the form card, language and theme. */
export function AuthShell({
  title,
  subtitle,
  children,
  other,
  wide,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  /** The way to the other public page under the form: a sentence and its link ("No account? Sign up"). */
  other?: { text: string; link: string; href: string };
  wide?: boolean;
}) {
  const t = useT();
  return (
    <div className="flex min-h-full">
      <aside className="relative hidden w-[42%] max-w-xl flex-col justify-between overflow-hidden bg-brand-800 p-10 text-brand-50 lg:flex dark:bg-brand-950">
        <div className="absolute -top-24 -right-24 size-80 rounded-full bg-brand-600/40 blur-3xl" />
        <div className="absolute -bottom-32 -left-16 size-96 rounded-full bg-brand-400/20 blur-3xl" />
        <div className="relative flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-xl bg-white/15">
            <Icon name="chat" className="size-5" />
          </span>
          <span className="text-xl font-semibold tracking-tight">{t("app.name")}</span>
        </div>
        <p className="relative max-w-sm text-3xl leading-tight font-semibold tracking-tight">{t("app.tagline")}</p>
        <LegalLinks className="relative flex gap-5 text-sm text-brand-100/80" link="hover:text-white" />
      </aside>
      <main className="flex flex-1 flex-col">
        <div className="flex items-center justify-between px-4 py-3 sm:px-6">
          <span className="flex items-center gap-2 font-semibold text-ink lg:invisible">
            <BrandIcon />
            {t("app.name")}
          </span>
          <div className="flex items-center gap-1">
            <ThemeToggle />
            <LanguageMenu />
          </div>
        </div>
        <div className="flex flex-1 items-start justify-center px-4 pt-6 pb-12 sm:items-center sm:px-6">
          <div className={`w-full ${wide ? "max-w-xl" : "max-w-sm"}`}>
            <PageTitle>{title}</PageTitle>
            <p className="mt-1.5 text-sm text-muted">{subtitle}</p>
            <div className="mt-8">{children}</div>
            {other && (
              <p className="mt-8 text-center text-sm text-muted">
                {other.text}{" "}
                <Link href={other.href} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
                  {other.link}
                </Link>
              </p>
            )}
            <LegalLinks className="mt-8 flex justify-center gap-5 text-xs text-subtle lg:hidden" link="hover:text-ink" />
          </div>
        </div>
      </main>
    </div>
  );
}
